// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import Testing
import SevenminSystem

@Suite("The process's environment, read by bytes", .serialized)
struct ProcessEnvironmentTests {
    @Test func readsWhatIsSetNowSplitAtTheFirstEqualsSign() {
        let name = "SEVENMIN_ENVIRONMENT_TEST_\(getpid())"
        setenv(name, "a=b · ü=ß", 1)
        #expect(ProcessEnvironment.current[name] == "a=b · ü=ß")
        unsetenv(name)
        #expect(ProcessEnvironment.current[name] == nil)
    }

    @Test func agreesWithFoundationOnEveryVariable() {
        // The other tests' variables come and go meanwhile.
        let ours = { (variables: [String: String]) in
            variables.filter { !$0.key.hasPrefix("SEVENMIN_ENVIRONMENT_") && !$0.key.hasPrefix("PULSE_PROP_") }
        }
        #expect(ours(ProcessEnvironment.current) == ours(ProcessInfo.processInfo.environment))
        #expect(ProcessEnvironment.current["PATH"] == String(cString: getenv("PATH")))
    }

    @Test func anEmptyValueIsKeptAsEmpty() {
        let name = "SEVENMIN_ENVIRONMENT_EMPTY_\(getpid())"
        setenv(name, "", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.current[name] == "")
    }
}
