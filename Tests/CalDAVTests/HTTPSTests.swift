import CalDAV
import Foundation
import Testing

/// `openssl`, if installed: it makes the self-signed certificate at test time.
private let openssl: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("CalDAV over HTTPS with a self-signed certificate", .enabled(if: openssl != nil, "openssl is not installed"))
struct HTTPSTests {
    /// A certificate for 127.0.0.1 signed by itself, in a throwaway folder.
    func selfSignedCertificate() throws -> (RadicaleServer.Certificate, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = RadicaleServer.Certificate(certificateFile: folder.appendingPathComponent("cert.pem").path,
                                                     keyFile: folder.appendingPathComponent("key.pem").path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl!)
        process.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1",
                             "-keyout", certificate.keyFile, "-out", certificate.certificateFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("openssl could not make a certificate") }
        return (certificate, folder)
    }

    @Test("A self-signed server is refused as an unverified certificate without a CA file, and works with its certificate as the CA file")
    func selfSigned() throws {
        let (certificate, folder) = try selfSignedCertificate()
        defer { try? FileManager.default.removeItem(at: folder) }  // A leftover temporary folder is harmless.
        try withRadicale(certificate: certificate) { server in
            #expect(server.rootURL.scheme == "https")
            let refusing = try server.client()
            let error = caught { try refusing.discoverCalendars(at: server.rootURL) }
            guard case .certificateRejected = error else {
                Issue.record("expected the certificate to be rejected, got \(String(describing: error))")
                return
            }
            let trusting = try server.client(caFile: certificate.certificateFile)
            let collection = server.newCollectionURL()
            try trusting.makeCalendar(at: collection, displayName: "Secure")
            #expect(try trusting.discoverCalendars(at: server.rootURL).map(\.url) == [collection])
        }
    }
}
