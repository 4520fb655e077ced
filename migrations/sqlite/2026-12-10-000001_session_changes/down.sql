DROP TABLE session_changes;
