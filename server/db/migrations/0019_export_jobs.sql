CREATE TABLE "export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"params" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"locale" varchar(5) NOT NULL,
	"requested_by" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"filename" varchar(100) NOT NULL,
	"file_key" varchar(200),
	"size" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL,
	CONSTRAINT "export_jobs_kind_check" CHECK ("export_jobs"."kind" in ('exam-results', 'users')),
	CONSTRAINT "export_jobs_status_check" CHECK ("export_jobs"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_requested_by_idx" ON "export_jobs" USING btree ("requested_by","id");--> statement-breakpoint
CREATE INDEX "export_jobs_expires_idx" ON "export_jobs" USING btree ("expires_at");