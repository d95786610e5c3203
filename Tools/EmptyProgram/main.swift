// An empty Swift program, built with the same flags as consentctl: the benchmark's baseline for a cold
// `consentctl status` (the part of a start that no code of ours can save).
