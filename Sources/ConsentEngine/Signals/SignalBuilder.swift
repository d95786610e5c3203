import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// §9 "What the engine writes": the signals of the stored answers under a decision, in one place.
package enum SignalBuilder {
    /// The signals for `record` (the stored record, as the store read it) under `decision`.
    package static func signals(policy: Policy, context: DecisionContext, record: ConsentRecord, decision: Decision) -> SignalSet {
        var keys = InAppKeys()
        keys[InAppKeyName.cmpSdkId] = .int(policy.tcf.cmpID)
        keys[InAppKeyName.cmpSdkVersion] = .int(policy.tcf.cmpVersion)
        var signals = SignalSet(keys: keys, tcString: nil, acString: nil, gppString: nil, consentMode: nil, warnings: [])

        switch decision.regulation {
        case .gdpr:
            signals.keys[InAppKeyName.gdprApplies] = .int(1)
            signals.keys[InAppKeyName.policyVersion] = .int(policy.tcfPolicyVersion)
            if decision.consentStatus == .obtained, let answer = record.consent {
                writeTCF(answer, policy: policy, into: &signals)
                signals.consentMode = ConsentModeBuilder.mode(for: answer, policy: policy)
            } else {
                signals.consentMode = ConsentModeBuilder.denied(policy: policy)
            }
        case .usStates:
            signals.keys[InAppKeyName.gdprApplies] = .int(0)
            let state: String?? = switch decision.region {
            case .usState(let state): .some(state)
            case .unitedStates: .some(nil)
            default: nil
            }
            if let state {
                // Under TFUA stored answers are not used, and a reset forgets them: the opt-outs read as not
                // given yet, as the decision reads them.
                let forgotten = context.isTaggedUnderAgeOfConsent || ResetRule.forgetsStoredAnswers(record, context: context)
                let optOuts = forgotten ? nil : record.usOptOuts
                let section = GPPBuilder.usSection(state: state, optOuts: optOuts, settings: policy.gpp)
                writeGPP(GPPString(sections: [.us(section)]), into: &signals)
            }
            signals.consentMode = ConsentModeBuilder.notApplicable
        case .none:
            signals.keys[InAppKeyName.gdprApplies] = .int(0)
            writeGPP(GPPString(sections: []), into: &signals)
            signals.consentMode = ConsentModeBuilder.notApplicable
        case .unknown:
            signals.consentMode = ConsentModeBuilder.notApplicable
        }
        if context.build == .release && policy.tcf.cmpIDIsPlaceholder {
            signals.warnings.append(ConsentWarning(
                .placeholderCMPID, "the policy's CMP id \(policy.tcf.cmpID) is a placeholder: only a CMP registered with IAB Europe may "
                    + "create TC strings; set tcf.cmpId to your CMP's id"))
        }
        return signals
    }

    /// The TC string, the keys derived from it, the AC string, and GPP with section 2 carrying the TC string.
    private static func writeTCF(_ answer: ConsentAnswer, policy: Policy, into signals: inout SignalSet) {
        let model = TCModelBuilder.model(for: answer, policy: policy)
        do {
            let string = try model.encoded()
            signals.keys.merge(try InAppKeys(tcString: string))
            signals.tcString = string
            writeGPP(GPPString(sections: [.tcfEuV2(model)]), into: &signals)
            if let ac = TCModelBuilder.additionalConsent(for: answer, policy: policy) {
                let acString = try ac.encoded()
                signals.keys[InAppKeyName.additionalConsent] = .string(acString)
                signals.acString = acString
            }
        } catch {
            // A stored answer from a hand-edited file may hold a value its field cannot carry.
            signals.warnings.append(ConsentWarning(.signalNotWritten, "the TC string cannot be written: \(error)"))
        }
        moveTCStringLast(&signals)
    }

    /// The GPP string and its keys, spec-padded as Google's CMP writes them (`DBABL~…`, `DBAA`).
    private static func writeGPP(_ gpp: GPPString, into signals: inout SignalSet) {
        do {
            let string = try gpp.encoded(padding: .spec)
            signals.keys.merge(try InAppKeys(gppString: string))
            signals.gppString = string
        } catch {
            signals.warnings.append(ConsentWarning(.signalNotWritten, "the GPP string cannot be written: \(error)"))
        }
    }

    private static func moveTCStringLast(_ signals: inout SignalSet) {
        // The TC string last, as the writer stores it: readers that watch it see every other key first.
        if let string = signals.keys[InAppKeyName.tcString] {
            signals.keys[InAppKeyName.tcString] = nil
            signals.keys[InAppKeyName.tcString] = string
        }
    }
}
