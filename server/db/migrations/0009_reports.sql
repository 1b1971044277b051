CREATE TABLE "score_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"exam_type" smallint NOT NULL,
	"fluency" integer NOT NULL,
	"flexibility" integer NOT NULL,
	"originality" integer NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score_confirmations" ADD CONSTRAINT "score_confirmations_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_confirmations" ADD CONSTRAINT "score_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "score_confirmations_child_exam_unique" ON "score_confirmations" USING btree ("child_id","exam_type");--> statement-breakpoint
CREATE INDEX "score_confirmations_by_idx" ON "score_confirmations" USING btree ("confirmed_by");