CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_admin_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_system_admin";--> statement-breakpoint
CREATE INDEX "users_dev_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_system_dev";--> statement-breakpoint
CREATE INDEX "users_banned_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."banned";--> statement-breakpoint
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at","id") WHERE not "users"."email_verified";