extension Policy {
    /// The policy's partners in the one order every list of partners follows: by id, Global Vendor List
    /// vendors before Google ATPs (`PartnerID`'s order). The engine lists ids so in its hints and stored
    /// answers, and the objection lists of Manage options list the vendors that rely on legitimate interest
    /// so; the consent lists of the terminal form and of the web form, and the policy as the command line
    /// lists it, follow, whatever order the policy file gives.
    package var partnersByID: [Partner] { partners.sorted { $0.id < $1.id } }
}

extension Policy {
    /// The purposes some partner relies on legitimate interest for (sorted): the purpose objections a form
    /// offers, and the ones "Reject all" makes.
    package var legitimateInterestPurposes: [Int] {
        Set(partners.flatMap(\.legitimateInterestPurposes)).sorted()
    }

    /// The GVL vendors that rely on legitimate interest (sorted): the partner objections a form offers, and
    /// the ones "Reject all" makes. A Google ATP has none in the TC string.
    package var legitimateInterestVendors: [Int] {
        partners.filter { !$0.legitimateInterestPurposes.isEmpty }.compactMap(\.id.vendorID).sorted()
    }
}
