CREATE TABLE "assortment_items" (
	"client_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "assortment_items_client_id_product_id_pk" PRIMARY KEY("client_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"key" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_schedules" (
	"client_id" uuid NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "delivery_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"facility_id" integer NOT NULL,
	"arrival_day" integer NOT NULL,
	"arrival_time" text NOT NULL,
	"shipment_day" integer NOT NULL,
	"shipment_time" text NOT NULL,
	CONSTRAINT "delivery_schedules_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faq_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sort_order" integer NOT NULL,
	"title" text NOT NULL,
	"content_html" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"client_id" uuid NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "form_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"client_id" uuid NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"facility_name" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 4) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	CONSTRAINT "invoice_lines_client_id_invoice_id_line_no_pk" PRIMARY KEY("client_id","invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"client_id" uuid NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"processed_month" date NOT NULL,
	"invoice_amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "memos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"text" text NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"active_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packing_orders" (
	"client_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "packing_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"facility_id" integer NOT NULL,
	"patient_count" integer NOT NULL,
	"bag_count" integer NOT NULL,
	"reel_status" text NOT NULL,
	"order_date" date NOT NULL,
	CONSTRAINT "packing_orders_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"long_name" text NOT NULL,
	"zi_number" text NOT NULL,
	"gpk" text NOT NULL,
	"hpk" text NOT NULL,
	"dta_description" text NOT NULL,
	"split_description" text NOT NULL,
	"packaging" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assortment_items" ADD CONSTRAINT "assortment_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_items" ADD CONSTRAINT "assortment_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedules" ADD CONSTRAINT "delivery_schedules_client_id_facility_id_facilities_client_id_id_fk" FOREIGN KEY ("client_id","facility_id") REFERENCES "public"."facilities"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_client_id_invoice_id_invoices_client_id_id_fk" FOREIGN KEY ("client_id","invoice_id") REFERENCES "public"."invoices"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_orders" ADD CONSTRAINT "packing_orders_client_id_facility_id_facilities_client_id_id_fk" FOREIGN KEY ("client_id","facility_id") REFERENCES "public"."facilities"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_client_created" ON "form_submissions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_month" ON "invoices" USING btree ("client_id","processed_month");--> statement-breakpoint
CREATE INDEX "memos_active" ON "memos" USING btree ("active_from","active_until");