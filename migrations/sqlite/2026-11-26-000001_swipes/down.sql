DROP TABLE curated_list;
DROP TABLE swipe_windows;
DROP TABLE swipe_totals;
DROP TABLE swipe_hours;
DROP TABLE swipes;
