CREATE INDEX swipes_user_seq ON swipes (user_id, seq);
CREATE INDEX curated_list_user_added ON curated_list (user_id, added_at);
