import ConsentEngine

extension Policy {
    /// The policy's partners in the one order every list of partners follows: by id, Global Vendor List
    /// vendors before Google ATPs (`PartnerID`'s order). The engine lists ids so in its hints and stored
    /// answers, and the objection list of Manage options lists the vendors that rely on legitimate interest
    /// so; the consent list and `policy show` follow, whatever order the policy file gives.
    var partnersByID: [Partner] { partners.sorted { $0.id < $1.id } }
}
