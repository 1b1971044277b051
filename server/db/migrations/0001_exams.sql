CREATE TABLE "exam_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"exam_type" smallint NOT NULL,
	"challenge" smallint NOT NULL,
	"stage" smallint NOT NULL,
	"question_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"source" varchar(10) NOT NULL,
	"option_key" varchar(40),
	"answer" text NOT NULL,
	"language" varchar(5) NOT NULL,
	"score" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	"submission_id" integer,
	"question_id" integer,
	"child_id" integer,
	"drawn" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_type" smallint NOT NULL,
	"challenge" smallint NOT NULL,
	"stage" smallint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"text" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_other" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"submission_key" varchar(64) NOT NULL,
	"submitted_by" integer,
	"by_teacher" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"exam_type" smallint NOT NULL,
	"challenge" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_report_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_submission_id_exam_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exam_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_files" ADD CONSTRAINT "exam_files_submission_id_exam_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exam_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_files" ADD CONSTRAINT "exam_files_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_files" ADD CONSTRAINT "exam_files_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_report_links" ADD CONSTRAINT "guest_report_links_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answers_exam_idx" ON "exam_answers" USING btree ("exam_id","stage");--> statement-breakpoint
CREATE INDEX "exam_answers_question_idx" ON "exam_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exam_answers_child_idx" ON "exam_answers" USING btree ("child_id","exam_type");--> statement-breakpoint
CREATE INDEX "exam_files_submission_idx" ON "exam_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "exam_files_question_idx" ON "exam_files" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exam_questions_exam_idx" ON "exam_questions" USING btree ("exam_type","challenge","stage","position");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_submissions_key_unique" ON "exam_submissions" USING btree ("submission_key");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_submissions_stage_unique" ON "exam_submissions" USING btree ("exam_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_child_exam_unique" ON "exams" USING btree ("child_id","exam_type","challenge");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_report_links_token_unique" ON "guest_report_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_report_links_child_unique" ON "guest_report_links" USING btree ("child_id");