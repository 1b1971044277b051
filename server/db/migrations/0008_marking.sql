CREATE TABLE "image_marks" (
	"assignment_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_marks_assignment_id_file_id_pk" PRIMARY KEY("assignment_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "marking_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"marker_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"code" varchar(12) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"assigned_by" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marking_assignments_status_check" CHECK ("marking_assignments"."status" in ('open', 'finished')),
	CONSTRAINT "marking_assignments_round_check" CHECK ("marking_assignments"."round" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "image_marks" ADD CONSTRAINT "image_marks_assignment_id_marking_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."marking_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_marks" ADD CONSTRAINT "image_marks_file_id_exam_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."exam_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_marker_id_users_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marking_assignments_code_unique" ON "marking_assignments" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "marking_assignments_exam_marker_unique" ON "marking_assignments" USING btree ("exam_id","marker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marking_assignments_exam_round_unique" ON "marking_assignments" USING btree ("exam_id","round");--> statement-breakpoint
CREATE INDEX "marking_assignments_marker_idx" ON "marking_assignments" USING btree ("marker_id","status");