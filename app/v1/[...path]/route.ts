import { unknownApiPath } from "@/lib/server/entry/http/unknown-path";

export const dynamic = "force-dynamic";

export { unknownApiPath as GET, unknownApiPath as POST, unknownApiPath as PUT, unknownApiPath as PATCH, unknownApiPath as DELETE };
