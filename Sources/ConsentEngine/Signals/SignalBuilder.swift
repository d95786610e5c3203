import ConsentSignals
import Foundation

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
            }
        case .usStates, .none:
            signals.keys[InAppKeyName.gdprApplies] = .int(0)
        case .unknown:
            break
        }
        if context.build == .release && policy.tcf.cmpIDIsPlaceholder {
            signals.warnings.append(
                "the policy's CMP id \(policy.tcf.cmpID) is a placeholder: only a CMP registered with IAB Europe may "
                    + "create TC strings; set tcf.cmpId to your CMP's id")
        }
        return signals
    }

    /// The TC string, the keys derived from it, and the AC string.
    private static func writeTCF(_ answer: ConsentAnswer, policy: Policy, into signals: inout SignalSet) {
        let model = TCModelBuilder.model(for: answer, policy: policy)
        do {
            let string = try model.encoded()
            signals.keys.merge(try InAppKeys(tcString: string))
            signals.tcString = string
            if let ac = TCModelBuilder.additionalConsent(for: answer, policy: policy) {
                let acString = try ac.encoded()
                signals.keys[InAppKeyName.additionalConsent] = .string(acString)
                signals.acString = acString
            }
        } catch {
            // A stored answer from a hand-edited file may hold a value its field cannot carry.
            signals.warnings.append("the TC string cannot be written: \(error)")
        }
        // The TC string last, as the writer stores it: readers that watch it see every other key first.
        if let string = signals.keys[InAppKeyName.tcString] {
            signals.keys[InAppKeyName.tcString] = nil
            signals.keys[InAppKeyName.tcString] = string
        }
    }
}
