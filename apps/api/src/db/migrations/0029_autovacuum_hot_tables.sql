-- The tables a busy large catalog writes all the time get vacuumed after 0.2 to 2 % of their rows changed
-- instead of PostgreSQL's default 20 % (issue #29). At a million products the default waits for 200,000
-- dead product rows and 6.8 million dead search terms, which ten minutes of bench:scale's mixed load do not
-- reach (14,500 and 130,000). Until a vacuum, every page a purchase, edit or import touched is no longer
-- all-visible, index-only scans fetch the heap, and reads slow steadily: over 6 minutes of the mix, reads
-- fell from 854 to 594/s (p99 85 -> 118 ms) and search p99 rose from 199 to 378 ms without a vacuum; with
-- autovacuum on and these settings (it ran on all three product tables within the 6 minutes) reads held
-- 788-892/s at p99 89-117 ms and search p99 222-280 ms. One manual VACUUM of these tables (11 s) took a
-- fresh API on a database left unvacuumed by a 10-minute soak from 483 reads/s (p99 209 ms) to 882/s (83 ms).
-- Inserts count too (insert_scale_factor): new rows' pages become all-visible only once vacuumed.
ALTER TABLE "products" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "product_search_terms" SET (autovacuum_vacuum_scale_factor = 0.002, autovacuum_vacuum_insert_scale_factor = 0.002, autovacuum_analyze_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE "product_search_words" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE "cart_items" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
