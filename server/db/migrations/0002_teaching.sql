CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"child_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "course_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"kind" smallint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"advanced" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_images_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image" varchar(100);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "age_group" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "languages" varchar(5)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "teacher_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "approval" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "promo_code" varchar(40);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "days" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "start_from" date;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "end_at" date;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "age_group" smallint;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "age_class" varchar(100);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "grade" smallint;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "school" varchar(255);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "country" varchar(100);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "city" varchar(255);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "zoom_link" varchar(500);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "gender" smallint;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "about_me" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_activities" ADD CONSTRAINT "lesson_activities_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_images" ADD CONSTRAINT "lesson_images_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_child_group_unique" ON "certificates" USING btree ("child_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_requests_unique" ON "course_requests" USING btree ("course_id","child_id");--> statement-breakpoint
CREATE INDEX "course_requests_child_idx" ON "course_requests" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "lesson_activities_lesson_idx" ON "lesson_activities" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "lesson_images_lesson_idx" ON "lesson_images" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_course_idx" ON "lessons" USING btree ("course_id","position");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_teacher_idx" ON "courses" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "groups_course_idx" ON "groups" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_promo_code_unique" ON "groups" USING btree (lower("promo_code"));--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_id_unique" UNIQUE("id");