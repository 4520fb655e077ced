-- Fewer B-trees per swipe: undo, the swipe batch and the curated list read one shopper's rows by
-- the primary key's prefix and sort those few, so the secondary indexes by seq and by date go.
DROP INDEX swipes_user_seq;
DROP INDEX curated_list_user_added;
