// This target holds only ConsentEngine's privacy manifest, PrivacyInfo.xcprivacy: file sizes and
// times read through stat and fstat (the state store, the input files), reason C617.1. ConsentEngine
// depends on it on Apple platforms only, so that no Linux binary links its generated Bundle accessor.
