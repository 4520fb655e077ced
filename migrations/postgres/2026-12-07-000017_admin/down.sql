DROP INDEX brands_name_lower;
