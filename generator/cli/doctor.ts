import { formatFindings, runDoctor } from "../doctor/doctor.js";

/** `gen-client-tools doctor`: each finding with its fix on stdout; 1 when any is a problem. */
export async function doctorCommand(cwd: string, configFile: string | undefined): Promise<number> {
  const findings = await runDoctor(cwd, configFile);
  process.stdout.write(formatFindings(findings));
  return findings.some((finding) => finding.severity === "problem") ? 1 : 0;
}
