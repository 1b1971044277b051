CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_set_name_unique" UNIQUE("set_id","name"),
	CONSTRAINT "categories_id_set_unique" UNIQUE("id","set_id")
);
--> statement-breakpoint
CREATE TABLE "category_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50),
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_sets_code_unique" UNIQUE("code"),
	CONSTRAINT "category_sets_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "category_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"subcategory_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	"word" varchar(100) NOT NULL,
	"language" varchar(2) NOT NULL,
	"normalised" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_words_set_normalised_unique" UNIQUE("set_id","normalised"),
	CONSTRAINT "category_words_language_check" CHECK ("category_words"."language" in ('ar', 'en', 'de', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_category_name_unique" UNIQUE("category_id","name"),
	CONSTRAINT "subcategories_id_set_unique" UNIQUE("id","set_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_set_id_category_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."category_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_words" ADD CONSTRAINT "category_words_subcategory_fk" FOREIGN KEY ("subcategory_id","set_id") REFERENCES "public"."subcategories"("id","set_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_fk" FOREIGN KEY ("category_id","set_id") REFERENCES "public"."categories"("id","set_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_words_normalised_idx" ON "category_words" USING btree ("normalised");--> statement-breakpoint
CREATE INDEX "category_words_subcategory_idx" ON "category_words" USING btree ("subcategory_id");