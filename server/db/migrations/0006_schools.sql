CREATE TABLE "school_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"number" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_quotas" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"approved_seats" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_quotas_seats_check" CHECK ("school_quotas"."approved_seats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seat_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"note" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"region_status" smallint DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"region_decided_by" integer,
	"region_decided_at" timestamp with time zone,
	"region_note" text,
	"admin_decided_by" integer,
	"admin_decided_at" timestamp with time zone,
	"admin_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_requests_seats_check" CHECK ("seat_requests"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "city" varchar(255);--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "address" varchar(255);--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "national_id" varchar(14);--> statement-breakpoint
ALTER TABLE "school_classes" ADD CONSTRAINT "school_classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_quotas" ADD CONSTRAINT "school_quotas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_region_decided_by_users_id_fk" FOREIGN KEY ("region_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_requests" ADD CONSTRAINT "seat_requests_admin_decided_by_users_id_fk" FOREIGN KEY ("admin_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_classes_name_unique" ON "school_classes" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "seat_requests_school_idx" ON "seat_requests" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "seat_requests_status_idx" ON "seat_requests" USING btree ("status","region_status");--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "children_class_idx" ON "children" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "children_national_id_unique" ON "children" USING btree ("national_id");