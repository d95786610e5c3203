print("consentctl")
