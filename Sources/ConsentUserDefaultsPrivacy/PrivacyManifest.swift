// This target holds only ConsentUserDefaults' privacy manifest, PrivacyInfo.xcprivacy: the app's own
// user defaults, read and written for the IAB and Google keys, reason CA92.1 (an app that points the
// writer at an App Group suite declares 1C8F.1 in its own manifest). ConsentUserDefaults depends on it
// on Apple platforms only.
