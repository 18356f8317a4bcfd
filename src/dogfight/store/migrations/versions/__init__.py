"""The revisions, oldest first: v0001 (the tables as first released), v0002 ..."""
