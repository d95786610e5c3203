import ConsentSignals
import Foundation
import ConsentJSON
import TestSupport
import Testing

/// The CMP APIs as a page in headless Chromium sees them (README, "Web content in the app"): every command from the top frame,
/// from a sandboxed cross-origin frame through the locator frames, and in every frame as a web view adds the
/// script; each state's answers against `consentctl decode` of the same strings.
@Suite(.enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
struct CMPAPIsBrowserTests {
    static let states = SignalState.Name.allCases
    static let answeredGDPR: [SignalState.Name] = [.gdprConsentAll, .gdprRejectAll, .gdprCustom]

    func top(_ run: BrowserRun, _ name: SignalState.Name) throws -> JSONValue {
        try run.page(name.rawValue + "/top").json("top")
    }

    @Test("every command calls back once before it returns, and __gpp returns undefined", arguments: states)
    func everyCommandCallsBackBeforeReturning(_ name: SignalState.Name) throws {
        let answers = try top(BrowserRun.shared.get(), name)
        // Commands that wait: a listener where GDPR applies and no answer is stored yet, and getTCData while
        // it is not known whether GDPR applies.
        var waiting: Set<String> = []
        if name == .gdprNoAnswer || name == .unknownRegion { waiting.insert("tcfAddEventListener") }
        if name == .unknownRegion { waiting.formUnion(["tcfGetTCData", "tcfGetTCDataVendors"]) }
        #expect(answers.keys.count == 31)
        for command in answers.keys {
            let answer = Answer(answers, command)
            if waiting.contains(command) {
                #expect(answer.calls.isEmpty, "\(command) should wait")
            } else {
                #expect(answer.calls.count == 1, "\(command): \(answer.calls.count) callbacks")
                #expect(answer.calls.first?.beforeReturn == true, "\(command) called back after returning")
            }
            if command.hasPrefix("gpp") { #expect(answer.returned.isUndefined, "__gpp returned \(answer.returned)") }
        }
    }

    @Test("a wrong version, an unknown command and bad vendor ids call back (null, false); 0, null and no version are 2",
          arguments: states)
    func versionsAndUnknownCommands(_ name: SignalState.Name) throws {
        let answers = try top(BrowserRun.shared.get(), name)
        for refused in ["tcfPingVersion1", "tcfPingVersion3", "tcfUnknownCommand", "tcfGetTCDataBadVendors", "gppUnknownCommand",
                        "gppGetField_noDot"] {
            #expect(Answer(answers, refused).calls.first?.args == [.null, .bool(false)], "\(refused)")
        }
        let ping = Answer(answers, "tcfPing").data
        for same in ["tcfPingVersion0", "tcfPingVersionNull", "tcfPingNoVersion"] {
            #expect(Answer(answers, same).data == ping, "\(same)")
        }
        #expect(Answer(answers, "tcfRemoveUnknownListener").calls.first?.args == [.bool(false), .bool(true)])
        #expect(Answer(answers, "gppRemoveUnknownListener").calls.first?.args == [.bool(false), .bool(true)])
        #expect(Answer(answers, "gppRemoveEventListener").calls.first?.args == [.bool(true), .bool(true)])
        if name != .gdprNoAnswer && name != .unknownRegion {
            #expect(Answer(answers, "tcfRemoveEventListener").calls.first?.args == [.bool(true), .bool(true)])
        }
    }

    @Test("ping answers as the specs say", arguments: states)
    func ping(_ name: SignalState.Name) throws {
        let run = try BrowserRun.shared.get()
        let state = try run.state(name)
        let answers = try top(run, name)
        let ping = Answer(answers, "tcfPing").data
        let keys = state.keys
        let gdpr: JSONValue = switch keys[InAppKeyName.gdprApplies] {
        case .int(1)?: .bool(true)
        case .int(0)?: .bool(false)
        default: .object([.init(key: "$undefined", value: .bool(true))])
        }
        #expect(ping["gdprApplies"] == gdpr)
        #expect(ping["cmpLoaded"] == .bool(true))
        #expect(ping["cmpStatus"] == .string("loaded"))
        #expect(ping["displayStatus"] == .string(gdpr == .bool(false) ? "disabled" : "hidden"))
        #expect(ping["apiVersion"] == .string("2.2"))
        #expect(ping["cmpId"] == .integer(4095))
        #expect(ping["cmpVersion"] == .integer(1))
        #expect(ping["tcfPolicyVersion"] == .integer(5))
        if let tcString = state.tcString {
            #expect(ping["gvlVersion"] == (try Consentctl.decode(tcString))["vendorListVersion"])
        } else {
            #expect(ping["gvlVersion"]?.isUndefined == true)
        }

        let gpp = Answer(answers, "gppPing").data
        #expect(gpp["gppVersion"] == .string("1.1"))
        #expect(gpp["cmpStatus"] == .string("loaded"))
        #expect(gpp["cmpId"] == .integer(4095))
        // Every section the GPP section list defines a decodable section for, and no other.
        #expect(gpp["supportedAPIs"] == .strings(["2:tcfeuv2", "5:tcfcav1", "6:uspv1"] + GPPUSSection.Kind.allCases.map { "\($0.sectionId):\($0.apiPrefix)" }))
        #expect(gpp["gppString"] == .string(state.gppString ?? ""))
        let decoded = try state.gppString.map(Consentctl.decode)
        #expect(gpp["sectionList"] == (decoded?["sectionIds"] ?? .array([])))
        let applicable: [Int] = switch name {
        case .gdprConsentAll, .gdprRejectAll, .gdprCustom, .gdprNoAnswer: [2]
        case .usNational, .usNationalOptedOut: [7]
        case .elsewhere: [-1]
        case .unknownRegion: [0]
        }
        #expect(gpp["applicableSections"] == .integers(applicable))
        let ready = name != .gdprNoAnswer && name != .unknownRegion
        #expect(gpp["signalStatus"] == .string(ready ? "ready" : "not ready"))
        #expect(gpp["cmpDisplayStatus"] == .string(name == .elsewhere ? "disabled" : "hidden"))
        // parsedSections holds exactly what getSection answers, for each section of the string.
        let parsed = gpp["parsedSections"] ?? .null
        #expect(parsed.keys == (decoded?["sections"]?.keys ?? []))
        for prefix in parsed.keys {
            #expect(parsed[prefix] == Answer(answers, "gppGetSection_" + prefix).data, "\(prefix)")
        }
    }

    @Test("TCData equals consentctl decode of its TC string", arguments: answeredGDPR)
    func tcDataEqualsDecode(_ name: SignalState.Name) throws {
        let run = try BrowserRun.shared.get()
        let state = try run.state(name)
        let tcString = try #require(state.tcString)
        let decoded = try Consentctl.decode(tcString)
        let answers = try top(run, name)
        let fromListener = Answer(answers, "tcfAddEventListener").data
        let tcData = Answer(answers, "tcfGetTCData").data
        #expect(comparable(fromListener) == comparable(tcData))
        #expect(fromListener["listenerId"]?.int != nil)
        #expect(tcData["listenerId"]?.isUndefined == true)
        #expect(fromListener["eventStatus"] == .string("tcloaded"))
        #expect(fromListener["cmpStatus"] == .string("loaded"))
        #expect(tcData["tcString"] == .string(tcString))
        #expect(tcData["gdprApplies"] == .bool(true))
        for field in ["tcfPolicyVersion", "cmpId", "cmpVersion", "isServiceSpecific", "useNonStandardTexts", "publisherCC",
                      "purposeOneTreatment"] {
            #expect(tcData[field] == decoded[field], "\(field)")
        }
        #expect(tcData["purpose"]?["consents"]?.trueIDs == decoded["purposeConsents"]?.ints)
        #expect(tcData["purpose"]?["legitimateInterests"]?.trueIDs == decoded["purposeLegitimateInterests"]?.ints)
        #expect(tcData["vendor"]?["consents"]?.trueIDs == decoded["vendorConsents"]?.ints)
        #expect(tcData["vendor"]?["legitimateInterests"]?.trueIDs == decoded["vendorLegitimateInterests"]?.ints)
        #expect(tcData["vendor"]?["disclosedVendors"]?.trueIDs == (decoded["disclosedVendors"]?.ints ?? []))
        #expect(tcData["specialFeatureOptins"]?.trueIDs == decoded["specialFeatureOptIns"]?.ints)
        let publisher = decoded["publisherTC"] ?? .null
        #expect(tcData["publisher"]?["consents"]?.trueIDs == (publisher["purposeConsents"]?.ints ?? []))
        #expect(tcData["publisher"]?["legitimateInterests"]?.trueIDs == (publisher["purposeLegitimateInterests"]?.ints ?? []))
        #expect(tcData["publisher"]?["customPurpose"]?["consents"]?.trueIDs == (publisher["customPurposeConsents"]?.ints ?? []))
        #expect(tcData["publisher"]?["customPurpose"]?["legitimateInterests"]?.trueIDs
                == (publisher["customPurposeLegitimateInterests"]?.ints ?? []))
        #expect(restrictions(tcData["publisher"]?["restrictions"] ?? .null) == restrictions(decoded: decoded))
        #expect(tcData["addtlConsent"] == state.acString.map(JSONValue.string))
        // Every purpose 1–11 is named, true or false; every vendor up to the section's MaxVendorId.
        #expect(tcData["purpose"]?["consents"]?.keys == (1...11).map(String.init))
        #expect(tcData["vendor"]?["consents"]?.keys.count == decoded["maxVendorIdConsent"]?.int)
        // getTCData with vendor ids answers for exactly those vendors.
        let limited = Answer(answers, "tcfGetTCDataVendors").data
        #expect(limited["vendor"]?["consents"]?.keys == ["1", "755", "9999"])
        #expect(limited["vendor"]?["consents"]?["9999"] == .bool(false))
        #expect(limited["vendor"]?["consents"]?["755"] == .bool(decoded["vendorConsents"]?.ints?.contains(755) == true))
    }

    @Test("iab-tcf decodes each TCData's tcString to the TCData's values",
          .enabled(if: IABTCFOracleRequirement.enabled, IABTCFOracleRequirement.skipMessage))
    func tcDataEqualsIabTcf() throws {
        let run = try BrowserRun.shared.get()
        let python = try IABTCFOracleRequirement.python()
        for name in Self.answeredGDPR {
            let tcData = Answer(try top(run, name), "tcfGetTCData").data
            let tcString = try #require(tcData["tcString"]?.string)
            let theirs = try #require(try IABTCFOracleRequirement.decode([tcString], python: python).first)
            #expect(tcData["purpose"]?["consents"]?.trueIDs == theirs["purposeConsents"] as? [Int], "\(name)")
            #expect(tcData["purpose"]?["legitimateInterests"]?.trueIDs == theirs["purposeLegitimateInterests"] as? [Int])
            #expect(tcData["vendor"]?["consents"]?.trueIDs == theirs["vendorConsents"] as? [Int], "\(name)")
            #expect(tcData["vendor"]?["legitimateInterests"]?.trueIDs == theirs["vendorLegitimateInterests"] as? [Int])
            #expect(tcData["vendor"]?["disclosedVendors"]?.trueIDs == theirs["disclosedVendors"] as? [Int])
            #expect(tcData["specialFeatureOptins"]?.trueIDs == theirs["specialFeatureOptIns"] as? [Int])
            #expect(tcData["publisherCC"]?.string == theirs["publisherCC"] as? String)
            #expect(tcData["cmpId"]?.int == theirs["cmpId"] as? Int)
            #expect(tcData["tcfPolicyVersion"]?.int == theirs["tcfPolicyVersion"] as? Int)
            #expect(tcData["isServiceSpecific"]?.bool == ((theirs["isServiceSpecific"] as? Int) == 1))
        }
    }

    @Test("where GDPR does not apply TCData has only gdprApplies, tcfPolicyVersion, cmpId and cmpVersion",
          arguments: [SignalState.Name.usNational, .usNationalOptedOut, .elsewhere])
    func tcDataOutsideGDPR(_ name: SignalState.Name) throws {
        let answers = try top(BrowserRun.shared.get(), name)
        let expected: [String: JSONValue] = ["gdprApplies": .bool(false), "tcfPolicyVersion": .integer(5), "cmpId": .integer(4095),
                                             "cmpVersion": .integer(1)]
        let tcData = Answer(answers, "tcfGetTCData").data
        #expect(Set(tcData.keys) == Set(expected.keys))
        for (key, value) in expected { #expect(tcData[key] == value, "\(key)") }
        // A listener also gets its id, to remove itself with.
        let listened = Answer(answers, "tcfAddEventListener").data
        #expect(Set(listened.keys) == Set(expected.keys).union(["listenerId"]))
        #expect(listened["listenerId"]?.int != nil)
        for (key, value) in expected { #expect(listened[key] == value, "\(key)") }
    }

    @Test("getSection and getField equal consentctl decode of the GPP string through the documented names and shapes",
          arguments: [SignalState.Name.gdprConsentAll, .gdprRejectAll, .gdprCustom, .usNational, .usNationalOptedOut])
    func gppSectionsEqualDecode(_ name: SignalState.Name) throws {
        let run = try BrowserRun.shared.get()
        let state = try run.state(name)
        let decoded = try Consentctl.decode(try #require(state.gppString))
        let answers = try top(run, name)
        let sections = decoded["sections"] ?? .null
        if let usnat = sections["usnat"] {
            let section = Answer(answers, "gppGetSection_usnat").data.items
            let core = try #require(section.first)
            for key in usnat.keys where key != "gpc" {
                #expect(core[usFieldName(key)] == usnat[key], "usnat.\(key)")
            }
            #expect(core.keys.count == usnat.keys.count - 1)
            #expect(section.count == (usnat["gpc"] == .null ? 1 : 2))
            #expect(Answer(answers, "gppGetField_usnatSaleOptOut").data == usnat["saleOptOut"])
            #expect(Answer(answers, "gppHasSection_usnat").data == .bool(true))
        } else {
            #expect(Answer(answers, "gppHasSection_usnat").data == .bool(false))
            #expect(Answer(answers, "gppGetSection_usnat").data == .null)
        }
        if let tc = sections["tcfeuv2"] {
            // Each segment by iabgpp-es's names and shapes, against decode's TC fields (docs/gpp-fields.md).
            let section = Answer(answers, "gppGetSection_tcfeuv2").data.items
            let table = GPPSpecSubsections.tcfeuv2
            #expect(section.count == table.subsections.count)
            for (object, fields) in zip(section, table.subsections) {
                #expect(object.keys == fields.map(\.iabgppES))
                for spec in fields {
                    #expect(object[spec.iabgppES] == TCFShapes.expected(from: tc, "tcfeuv2", spec), "tcfeuv2.\(spec.iabgppES)")
                }
            }
            #expect(Answer(answers, "gppGetField_tcfeuv2PurposeConsent").data == section.first?["PurposeConsents"])
            #expect(section.first?["PurposeConsents"]?.items.count == 24)
        } else {
            #expect(Answer(answers, "gppGetSection_tcfeuv2").data == .null)
        }
        #expect(Answer(answers, "gppGetField_usnatNoSuchField").data == .null)
    }

    @Test("a sandboxed cross-origin frame gets the same answers through the locator, as objects and as JSON text",
          arguments: states)
    func crossOriginFrame(_ name: SignalState.Name) throws {
        let page = try BrowserRun.shared.get().page(name.rawValue + "/top")
        let answers = try page.json("top")
        for (step, asText) in [("framedObjects", false), ("framedText", true)] {
            let framed = try page.json(step)
            #expect(framed.keys.count == 16)
            for command in framed.keys {
                let record = framed[command] ?? .null
                #expect(record["located"] == .bool(true) && record["fromTop"] == .bool(true), "\(command) found no locator")
                let returns = record["returns"]?.items ?? []
                let direct = Answer(answers, command)
                if direct.calls.isEmpty {
                    #expect(returns.isEmpty, "\(command) should wait")
                    continue
                }
                #expect(returns.count == 1, "\(step) \(command): \(returns.count) returns")
                guard let reply = returns.first else { continue }
                #expect(reply["asText"] == .bool(asText), "\(command) answered in the other form")
                #expect(comparable(reply["returnValue"] ?? .null) == comparable(direct.data), "\(step) \(command)")
                #expect(reply["success"] == direct.calls.first?.args.last, "\(step) \(command)")
            }
        }
    }

    @Test("a script added to every frame answers in each frame alike and sets nothing up inside the locator frames",
          arguments: states)
    func everyFrame(_ name: SignalState.Name) throws {
        let run = try BrowserRun.shared.get()
        let page = try run.page(name.rawValue + "/everyFrame")
        let top = try page.json("top")
        #expect(comparable(top) == comparable(try page.json("frame")))
        #expect(comparable(top) == comparable(try self.top(run, name)))
        for step in [page, try run.page(name.rawValue + "/top")] {
            for locator in try step.json("locators").items {
                #expect(locator["present"] == .bool(true))
                #expect(locator["hidden"] == .bool(true))
                // At document start, and from a script in the head, there is no body yet.
                #expect(locator["parent"] == .string("HTML"))
                #expect(locator["apisInside"] == .string("undefined undefined"))
            }
        }
    }

    @Test("every page loaded and made no request the run did not serve")
    func noOutsideRequest() throws {
        let run = try BrowserRun.shared.get()
        for (name, page) in run.pages {
            #expect(page.error == nil, "\(name) did not load: \(page.error ?? "")")
            #expect(page.refused.isEmpty, "\(name) asked for \(page.refused)")
            #expect(page.requests.allSatisfy(run.served.contains), "\(name): \(page.requests)")
            #expect(page.pageErrors.isEmpty, "\(name): \(page.pageErrors)")
            for (step, result) in page.steps {
                if case .failure(let error) = result { Issue.record("\(name) \(step): \(error)") }
            }
        }
    }

    /// `{"purpose": {"vendor": type}}` as (purpose, vendor, type) triples.
    private func restrictions(_ value: JSONValue) -> Set<[Int]> {
        var result: Set<[Int]> = []
        for purpose in value.keys {
            for vendor in value[purpose]?.keys ?? [] {
                if let p = Int(purpose), let v = Int(vendor), let type = value[purpose]?[vendor]?.int { result.insert([p, v, type]) }
            }
        }
        return result
    }

    /// decode's restrictions with the lowest type where several name a vendor, as the TCData has them.
    private func restrictions(decoded: JSONValue) -> Set<[Int]> {
        var lowest: [[Int]: Int] = [:]
        for entry in decoded["publisherRestrictions"]?.items ?? [] {
            guard let purpose = entry["purpose"]?.int, let type = entry["type"]?.int else { continue }
            for vendor in entry["vendors"]?.ints ?? [] {
                lowest[[purpose, vendor]] = min(lowest[[purpose, vendor]] ?? type, type)
            }
        }
        return Set(lowest.map { $0.key + [$0.value] })
    }
}

/// The iab-tcf oracle for the browser tests: as the other oracle tests, it runs where `IAB_TCF_PYTHON` is set
/// (`.ci/run` sets it).
enum IABTCFOracleRequirement {
    static var enabled: Bool { BrowserHarness.enabled && IABTCFOracle.interpreter != nil }
    static var skipMessage: Comment { Comment(rawValue: BrowserHarness.missing.map { "SKIPPED: \($0)" } ?? IABTCFOracle.skipMessage) }
    static func python() throws -> String { try #require(IABTCFOracle.interpreter) }
    static func decode(_ strings: [String], python: String) throws -> [[String: Any]] {
        try IABTCFOracle.decode(strings, python: python)
    }
}
