/// How the app writes amounts, from the `feed` object of `vitrine.json`: a price's currency on
/// its side, and the locale's decimal separator. A feed's cards and a component template's
/// `price` write with it.
public struct AmountFormat: Sendable, Equatable {
    /// Written after (or before) prices: `Min. 50 TL`.
    public var currency: String = "TL"
    /// Whether the currency comes before the amount (`$50`) rather than after it (`50 TL`).
    public var currencyBeforeAmount = false
    /// Decimal separator of the locale prices and distances are written in.
    public var decimalSeparator: String = "."

    /// Amounts followed by `TL`, with a decimal point.
    public init() {}

    /// `amount` with the currency on its side: `50 TL` after; before, `$50` for a symbol and
    /// `TL 50` for a code (one ending in a letter), as price formats write them.
    public func price(_ amount: String) -> String {
        guard currencyBeforeAmount else { return amount + " " + currency }
        return currency + (currency.last?.isLetter == true ? " " : "") + amount
    }

    /// A price as a card writes it: whole once rounded to cents (49.999 is `50`, as 50 is, not
    /// `50.00`), else with two decimals, in the locale's separator, with the currency.
    func price(of value: Double) -> String {
        let shown = max(-Self.largestShown, min(Self.largestShown, value))
        return price((shown * 100).rounded().truncatingRemainder(dividingBy: 100) == 0 ? decimal(shown, digits: 0) : decimal(shown, digits: 2))
    }

    /// The largest number a card shows; beyond it, a number is drawn as this bound (and a price
    /// written by a component template too).
    static let largestShown = 1e12

    /// A number with a fixed count of decimals (0 to 2) in the locale's separator; deterministic.
    func decimal(_ value: Double, digits: Int) -> String {
        let scale = [1.0, 10.0, 100.0][min(max(digits, 0), 2)]
        let bounded = max(-Self.largestShown, min(Self.largestShown, value))
        let scaled = Int64((abs(bounded) * scale).rounded())
        let sign = bounded < 0 && scaled != 0 ? "-" : ""
        let whole = String(scaled / Int64(scale))
        guard digits > 0 else { return sign + whole }
        let fraction = String(scaled % Int64(scale))
        return sign + whole + decimalSeparator + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
