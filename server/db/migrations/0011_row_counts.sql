CREATE TABLE "row_counts" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "children_school_idx";--> statement-breakpoint
CREATE INDEX "children_school_name_idx" ON "children" USING btree ("school_id","name","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");