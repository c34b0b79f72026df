/// The tour `tick demo` plays: a key script with a caption before each thing it shows.
///
/// It is an ordinary key script (`tick demo --print-script` prints it), so the same steps play
/// live, print as frames (`tick --script tour.keys --frames`), and run headless in the tests.
public enum DemoTour {
    /// The key script of the tour, written for an 80×24 terminal (it adapts to others); captions
    /// stay short enough to fit beside the playback hint. Its day is fixed, so `@fri` and the due
    /// column read the same whenever it plays, and a recording of it changes only when Tick does.
    public static let script = """
    <Today 2026-12-01>
    <Caption a adds a todo; !!! sets its priority, @+3d a due day>
    aRenew passport 🛂 !!! @+3d<Enter>
    aBuy oat milk<Enter>
    aCall the dentist @fri<Enter>
    a买牛奶 and 面包<Enter>
    <Caption x marks a todo done; it moves to the end of its list>
    gjjx
    <Caption l swipes right: the row slides over to reveal Done>
    l<Wait 900ms><Esc>
    <Caption h swipes left: Edit, Flag and Delete>
    h<Wait 900ms><Esc>
    <Caption A full swipe (twice): ll marks done, hh deletes>
    kll<Wait 600ms>hh
    <Caption u undoes anything: the deleted todo is back>
    u
    <Caption / filters every list as you type>
    /milk<Wait 900ms><Enter><Wait 600ms><Esc>
    <Caption Tick follows the terminal's size>
    <Resize 60x16><Resize 44x12><Resize 32x9><Wait 600ms><Resize 80x23>
    <Caption L manages lists; Tab moves between them>
    LaWork<Enter><Esc><Tab>aShip release 1.0 !! @tomorrow<Enter>
    <Caption m moves a todo to another list>
    <S-Tab>gmWork<Enter>
    <Caption ? shows every key; each change is saved at once>
    ?<Wait 1500ms><Esc>
    """

    /// The caption shown at the end, held until a key is pressed.
    public static let ending = "That was the tour of Tick. Press any key to leave"

    /// The caption a recording ends on (nobody can press a key in a recording).
    public static let recordingEnding = "That was the tour of Tick: try it with tick demo"
}
