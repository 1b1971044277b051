CREATE TABLE "answer_matches" (
	"answer_id" integer PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	"normalised" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"category_id" integer,
	"subcategory_id" integer,
	"category" varchar(100),
	"subcategory" varchar(100),
	"points" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "answer_matches_status_check" CHECK ("answer_matches"."status" in ('relevant', 'empty', 'no_answer', 'repeat'))
);
--> statement-breakpoint
CREATE TABLE "question_category_sets" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_dismissals" (
	"set_id" integer NOT NULL,
	"normalised" text NOT NULL,
	"dismissed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_dismissals_set_id_normalised_pk" PRIMARY KEY("set_id","normalised")
);
--> statement-breakpoint
CREATE TABLE "scoring_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" varchar(10) NOT NULL,
	"target_id" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scoring_jobs_scope_check" CHECK ("scoring_jobs"."scope" in ('all', 'set', 'question')),
	CONSTRAINT "scoring_jobs_status_check" CHECK ("scoring_jobs"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "word_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"exam_type" smallint NOT NULL,
	"challenge" smallint NOT NULL,
	"question_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	"fluency" integer NOT NULL,
	"flexibility" integer NOT NULL,
	"originality" integer NOT NULL,
	"originality_per_answer" numeric(8, 2) NOT NULL,
	"answers" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"takers" integer NOT NULL,
	"rare_percent" numeric(6, 3) NOT NULL,
	"uncommon_percent" numeric(6, 3) NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_matches" ADD CONSTRAINT "answer_matches_answer_id_exam_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."exam_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_matches" ADD CONSTRAINT "answer_matches_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_matches" ADD CONSTRAINT "answer_matches_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_matches" ADD CONSTRAINT "answer_matches_set_id_category_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."category_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_matches" ADD CONSTRAINT "answer_matches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_matches" ADD CONSTRAINT "answer_matches_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_category_sets" ADD CONSTRAINT "question_category_sets_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_category_sets" ADD CONSTRAINT "question_category_sets_set_id_category_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."category_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_dismissals" ADD CONSTRAINT "review_dismissals_set_id_category_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."category_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_dismissals" ADD CONSTRAINT "review_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_jobs" ADD CONSTRAINT "scoring_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_scores" ADD CONSTRAINT "word_scores_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_scores" ADD CONSTRAINT "word_scores_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_scores" ADD CONSTRAINT "word_scores_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_scores" ADD CONSTRAINT "word_scores_set_id_category_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."category_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_matches_exam_idx" ON "answer_matches" USING btree ("exam_id","question_id");--> statement-breakpoint
CREATE INDEX "answer_matches_subcategory_idx" ON "answer_matches" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "answer_matches_review_idx" ON "answer_matches" USING btree ("set_id","normalised") WHERE "answer_matches"."status" = 'relevant' and "answer_matches"."subcategory_id" is null;--> statement-breakpoint
CREATE INDEX "question_category_sets_set_idx" ON "question_category_sets" USING btree ("set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_jobs_pending_unique" ON "scoring_jobs" USING btree ("scope","target_id") WHERE "scoring_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scoring_jobs_status_idx" ON "scoring_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "word_scores_exam_question_unique" ON "word_scores" USING btree ("exam_id","question_id");--> statement-breakpoint
CREATE INDEX "word_scores_child_idx" ON "word_scores" USING btree ("child_id","exam_type","challenge");--> statement-breakpoint
CREATE INDEX "word_scores_question_idx" ON "word_scores" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "word_scores_type_idx" ON "word_scores" USING btree ("exam_type","challenge");