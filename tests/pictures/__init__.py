"""Picture snapshots: each variant's pictures of fixed positions, and their script."""
