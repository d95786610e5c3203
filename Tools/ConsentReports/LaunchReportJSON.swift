import ConsentEngine
import ConsentJSON

extension LaunchReport {
    /// `{ "shown": [...], "adsStarted": bool, "decision": {...} }`, pretty-printed with a fixed key order.
    package func jsonText() -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.field("shown", .strings(shown.map(\.rawValue)))
            object.field("adsStarted", .bool(adsStarted))
            object.object("decision", decision.writeFields)
        }
        return writer.text
    }
}
