"""Lisboa (Vital Lacerda, 2017): data pack, loader and setup; the rules come next (not registered yet)."""
