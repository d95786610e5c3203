extension Policy {
    /// The policy's partners in the one order every list of partners follows: by id, Global Vendor List
    /// vendors before Google ATPs (`PartnerID`'s order). The engine lists ids so in its hints and stored
    /// answers, and the objection lists of Manage options list the vendors that rely on legitimate interest
    /// so; the consent lists of the terminal form and of the web form, and the policy as the command line
    /// lists it, follow, whatever order the policy file gives.
    package var partnersByID: [Partner] { partners.sorted { $0.id < $1.id } }
}
