#if canImport(Glibc)
import Glibc

/// `read(2)`, named so that types with a `read` method can call it.
let posixRead = Glibc.read
/// `write(2)`, named so that types with a `write` method can call it.
let posixWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

/// `read(2)`, named so that types with a `read` method can call it.
let posixRead = Darwin.read
/// `write(2)`, named so that types with a `write` method can call it.
let posixWrite = Darwin.write
#endif
