import Foundation
import ConsentPropertyLists

/// Property-list texts the tests read.
enum PlistText {
    /// An XML property list whose root `<dict>` holds `body`; the `<dict>` is on line 4.
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    /// Parses XML text as if read from `name`.
    static func parse(_ text: String, name: String = "Test.plist") throws(PropertyListError) -> PropertyListDocument {
        try PropertyListReader.parse(Data(text.utf8), file: URL(fileURLWithPath: "/tmp/\(name)"))
    }
}
