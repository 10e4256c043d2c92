import { redirect } from "next/navigation";
import { getPortalUser } from "@/lib/server/entry/portal/session";

/** The portal starts at the dashboard; a signed-out visitor starts at sign-in. */
export default async function Root(): Promise<never> {
  redirect((await getPortalUser()) ? "/dashboard" : "/login");
}
