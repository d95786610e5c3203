import ConsentCLI

extension Tool {
    /// `consentctl-inspect`: the commands that read property lists with libxml2 (and the fixture runner,
    /// whose audit cases do), kept out of the binary that answers `status` at every launch.
    package static let inspect = Tool(
        commands: [TestCommand.self, AuditCommand.self, ExplainCommand.self])
}
