// This target holds only ConsentAudit's privacy manifest, PrivacyInfo.xcprivacy: file sizes, kinds and
// identities read through stat, fstat and lstat (the audited files and their includes), reason C617.1.
// ConsentAudit depends on it on Apple platforms only.
