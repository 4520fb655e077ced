DROP TABLE heartbeats;
