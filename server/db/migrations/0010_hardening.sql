ALTER TABLE "captchas" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "key" varchar(30);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "actor_name" varchar(255);--> statement-breakpoint
CREATE INDEX "captchas_ip_idx" ON "captchas" USING btree ("ip");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_key_unique" UNIQUE("key");