DROP TABLE bag_lines;
DROP TABLE bags;
