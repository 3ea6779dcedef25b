"""The TF22 move generator before it was made incremental (a copy, for the differential test)."""
