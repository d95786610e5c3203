extension InAppKeys {
    /// The keys as an XML property list, as `defaults export` writes a preferences domain: keys sorted,
    /// integers as `<integer>`, strings as `<string>`, tabs for indentation.
    public var propertyListXML: String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
        guard count > 0 else { return text + "<dict/>\n</plist>\n" }
        text += "<dict>\n"
        for entry in sorted(by: { $0.name < $1.name }) {
            text += "\t<key>\(Self.escaped(entry.name))</key>\n"
            switch entry.value {
            case .int(let value): text += "\t<integer>\(value)</integer>\n"
            case .string(let value): text += "\t<string>\(Self.escaped(value))</string>\n"
            }
        }
        return text + "</dict>\n</plist>\n"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
