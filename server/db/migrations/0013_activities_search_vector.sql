-- The search column keeps the title's words as a tsvector (it was their text,
-- parsed again by to_tsvector for every row a search filtered).
DROP INDEX "activities_search_idx";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "search_text" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "search_text" SET DATA TYPE tsvector USING to_tsvector('simple', "search_text");--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
CREATE INDEX "activities_search_idx" ON "activities" USING gin ("search_text");
