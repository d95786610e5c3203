"""scripts/check-availability, in parts: see that script for what it proves and how."""
