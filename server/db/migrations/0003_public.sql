CREATE TABLE "form_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"locale" varchar(5),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"fields" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"next_key" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kit_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"entity" varchar(255) NOT NULL,
	"kits_no" integer NOT NULL,
	"contact_name" varchar(255) NOT NULL,
	"phone_number" varchar(30) NOT NULL,
	"address" varchar(500) NOT NULL,
	"comment" text,
	"locale" varchar(5),
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"note" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" varchar(64) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_orders" ADD CONSTRAINT "kit_orders_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_answers_form_idx" ON "form_answers" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "kit_orders_status_idx" ON "kit_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "public_sends_ip_idx" ON "public_sends" USING btree ("ip","created_at");