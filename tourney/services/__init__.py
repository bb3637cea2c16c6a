"""Every write, one noun a module."""
