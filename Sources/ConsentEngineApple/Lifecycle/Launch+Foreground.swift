import ConsentEngine

extension Launch {
    #if os(iOS) || os(macOS)
    /// Runs the flow again each time the app returns to the foreground, until the calling task is
    /// cancelled: see `returnToForeground(_:)` for what a return shows.
    ///
    /// Only in an app: an app extension has no application object and is never told of a return to the
    /// foreground, so the compiler refuses this call there (an extension runs ``Launch/run()`` alone, or
    /// calls `returnToForeground(_:)` when its own host tells it).
    ///
    /// ```swift
    /// let launch = manager.launch(context: await makeContext(), forms: umpForms, tracking: att, ads: mobileAds)
    /// let following = Task { await launch.followForegroundReturns(context: makeContext) { result in
    ///     if case .success(let report) = result { await adsState.apply(report.decision) }
    /// } }
    /// let report = try await launch.run()
    /// ```
    /// - Parameters:
    ///   - context: the launch context as the app knows it at that moment (its time and region); called at
    ///     each return.
    ///   - update: each return's report (the decision may have changed: an expired answer means no ads
    ///     until the form is answered), or the error it ended with. It is not called for a return that came
    ///     while another flow of the launch was under way.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    public func followForegroundReturns(
        context: @escaping @Sendable () async -> DecisionContext,
        update: @escaping @Sendable (Result<LaunchReport, any Error>) async -> Void
    ) async {
        await follow(ApplicationForegroundReturns(), context: context, update: update)
    }
    #endif

    /// Runs the flow again at each of `source`'s returns until the calling task is cancelled, handing each
    /// report (or error) to `update`; a return while another flow of the launch is under way is passed over.
    package func follow(
        _ source: any ForegroundReturns,
        context: @escaping @Sendable () async -> DecisionContext,
        update: @escaping @Sendable (Result<LaunchReport, any Error>) async -> Void
    ) async {
        let returns = await source.returns()
        for await _ in returns {
            do {
                guard let report = try await returnToForeground(await context()) else { continue }
                await update(.success(report))
            } catch {
                await update(.failure(error))
            }
        }
    }
}
