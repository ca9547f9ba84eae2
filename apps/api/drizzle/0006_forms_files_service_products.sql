CREATE TABLE "dropdown_options" (
	"form" text NOT NULL,
	"list" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "dropdown_options_form_list_category_value_pk" PRIMARY KEY("form","list","category","value")
);
--> statement-breakpoint
CREATE TABLE "imperfection_faults" (
	"id" integer PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"required_fields" text[] NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "imperfection_faults_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "imperfection_subjects" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_product_order_rows" (
	"client_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"service_product_id" integer NOT NULL,
	"article_code" text NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"price" numeric(10, 2),
	"row_total_price" numeric(12, 2),
	CONSTRAINT "service_product_order_rows_client_id_order_id_line_no_pk" PRIMARY KEY("client_id","order_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "service_product_orders" (
	"client_id" uuid NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "service_product_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_product_orders_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(10, 2),
	"image_media_type" text,
	"image" "bytea",
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_products_article_code_unique" UNIQUE("article_code")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"client_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"file_extension" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"submission_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_client_id_account_id_accounts_client_id_id_fk";
--> statement-breakpoint
ALTER TABLE "form_submissions" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "submitter_name" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "submitter_email" text;--> statement-breakpoint
ALTER TABLE "imperfection_faults" ADD CONSTRAINT "imperfection_faults_subject_imperfection_subjects_name_fk" FOREIGN KEY ("subject") REFERENCES "public"."imperfection_subjects"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_product_order_rows" ADD CONSTRAINT "service_product_order_rows_service_product_id_service_products_id_fk" FOREIGN KEY ("service_product_id") REFERENCES "public"."service_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_product_order_rows" ADD CONSTRAINT "service_product_order_rows_client_id_order_id_service_product_orders_client_id_id_fk" FOREIGN KEY ("client_id","order_id") REFERENCES "public"."service_product_orders"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_product_orders" ADD CONSTRAINT "service_product_orders_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE SET NULL ("account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE SET NULL ("account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_client_id_submission_id_form_submissions_client_id_id_fk" FOREIGN KEY ("client_id","submission_id") REFERENCES "public"."form_submissions"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imperfection_faults_subject" ON "imperfection_faults" USING btree ("subject","sort_order");--> statement-breakpoint
CREATE INDEX "service_product_orders_client_id_desc" ON "service_product_orders" USING btree ("client_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploaded_files_unused" ON "uploaded_files" USING btree ("created_at") WHERE "uploaded_files"."submission_id" is null;--> statement-breakpoint
CREATE INDEX "uploaded_files_submission" ON "uploaded_files" USING btree ("client_id","submission_id");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE SET NULL ("account_id") ON UPDATE no action;