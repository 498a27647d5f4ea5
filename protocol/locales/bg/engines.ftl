# Думите на `grundy gomocup-bot` и `grundy pbrain` (помощ, откази, сривове на двигателя) и останалите думи на CLI
# (заглавията на таблиците и примерите на admin, означенията на стойности): eng-...
# Собствените думи на argparse за всяка команда: args-... ($-аргументът е стойност, която argparse поставя).

# argparse
args-usage = използване:
args-positional = позиционни аргументи
args-options = опции
args-help = показва тази помощ и излиза
args-version = показва версията на програмата и излиза
args-argument = аргумент { $name }: { $message }
args-required = задължителни са следните аргументи: { $names }
args-one-required = задължителен е един от аргументите { $names }
args-expected-one = очаква се един аргумент
args-expected-at-most-one = очаква се най-много един аргумент
args-expected-at-least-one = очаква се поне един аргумент
args-expected-n = { $n ->
        [one] очаква се { NUMBER($n) } аргумент
       *[other] очакват се { NUMBER($n) } аргумента
    }
args-unrecognized = неразпознати аргументи: { $args }
args-not-allowed-with = не е позволено заедно с аргумента { $name }
args-ignored-value = излишна стойност на аргумента: { $value }
args-ambiguous = двусмислена опция: { $option } може да означава { $matches }
args-unexpected-option = неочаквана опция: { $option }
args-invalid-value = невалидна стойност (тип { $type }): { $value }
args-invalid-choice = невалидна стойност: { $value } (изберете една от: { $choices })
args-unknown-command = непозната команда { $name } (възможни: { $choices })

# означения на стойностите на опциите (human, bot, open са самите стойности и не се превеждат)
eng-metavar-vs = human|bot:НИВО
eng-metavar-vs-open = bot:НИВО|open
eng-metavar-hosts = ХОСТ:ПОРТ,...
eng-metavar-lang = ЕЗИК
eng-metavar-command = КОМАНДА
eng-metavar-level = НИВО
eng-metavar-name = ИМЕ
eng-metavar-secret = ТАЙНА
eng-metavar-code = КОД
eng-metavar-set = КЛЮЧ=СТОЙНОСТ
eng-metavar-clock = МИН+С
eng-metavar-path = ПЪТ
eng-metavar-game = ИГРА
eng-metavar-ms = МС
eng-metavar-spec = УЧАСТНИК
eng-metavar-s = С
eng-metavar-seconds = СЕКУНДИ
eng-metavar-min-inc = МИН+ДОБАВКА
eng-metavar-room = СТАЯ
eng-metavar-moves = "Х1 Х2 ..."
eng-metavar-seat = МЯСТО|spectator
eng-metavar-brain = ПЪТ_ДО_ДВИГАТЕЛЯ
eng-metavar-node = ВЪЗЕЛ
eng-metavar-mb = МБ
eng-metavar-range = ОТ..ДО
eng-metavar-lang-name = ЕЗИК
eng-metavar-levels = Н1,Н2,...
eng-metavar-openings = ФАЙЛ|builtin[:ИМЕ]
eng-metavar-dir = ПАПКА
eng-metavar-cell = КЛЕТКА
eng-metavar-action = ДЕЙСТВИЕ

# grundy gomocup-bot: помощ
eng-gomocup-help = пуска двигател за гомоку с протокола Gomocup като бот
eng-gomocup-about = Пуска двигател за гомоку, който говори протокола Gomocup AI (START, BEGIN, TURN, BOARD, INFO, ABOUT, END), като бот на възел на grundy.  По подразбиране той приема покани: сяда на свободното място във всяка чакаща стая за гомоку (без дебют swap), в която някой вече седи; --tournament ID го записва в турнир и той изиграва всичките му партии.  Ограниченията на времето идват от часовника на стаята; двигател, който се срине или мълчи по-дълго от времето си, губи партията на време.
eng-gomocup-help-brain = програмата на двигателя (файл .py се пуска с този Python)
eng-gomocup-help-server = URL на възела (по подразбиране ws://127.0.0.1:8765); няколко възела на клъстер — разделени със запетая или с повторен --server: когато възелът на двигателя изчезне, партиите му продължават на друг
eng-gomocup-help-name = показвано име (по подразбиране: името и версията от отговора на двигателя на ABOUT)
eng-gomocup-help-secret = тайната на регистрирания играч (по подразбиране: запазената от grundy register)
eng-gomocup-help-room = влиза в стаята с този id
eng-gomocup-help-code = влиза в стаята с този код
eng-gomocup-help-vs = създава стая за гомоку срещу бот на възела
eng-gomocup-help-quick = чака на опашка за бърза игра
eng-gomocup-help-tournament = записва се в този турнир по гомоку и го изиграва докрай
eng-gomocup-help-seat = кое място да заеме (0 играе с черните)
eng-gomocup-help-set = параметър на гомоку за --vs/--quick, например --set size=19 --set rule=renju
eng-gomocup-help-clock = контрол на времето за --vs/--quick: 5+2 е 5 минути и 2 с на ход, 30s+1 — 30 секунди и 1 с на ход
eng-gomocup-help-games = спира след N партии
eng-gomocup-help-turn-ms = време за обмисляне на ход в партии без часовник, мс (по подразбиране { NUMBER($ms) })
eng-gomocup-help-memory = INFO max_memory за двигателя (0: без ограничение)
eng-gomocup-help-openings = vary: в серия от --games редува цветовете и поставя първия камък на двигателя от списък с дебюти (всеки дебют с двата цвята); engine: всеки ход е на двигателя (по подразбиране vary)
eng-gomocup-help-verbose = записва в дневника какво прави ботът и редовете MESSAGE/DEBUG на двигателя

# сривове на двигателя (мостът: client/gomocup.py); $who е едно от съобщенията eng-who-
eng-who-engine = двигателят
eng-who-brain = двигателят
eng-who-brain-for = двигателят на стая { $room }
eng-off-board = { $x },{ $y } е извън дъската { $size }x{ $size } (координатите са от 0 до { $last })
eng-not-a-move = двигателят отговори { $line }, а това не е ход x,y
eng-hidden-move = ход { $n } е скрит, а в гомоку няма скрити ходове
eng-cannot-start = { $who }: не може да се стартира { $program }: { $error }
eng-start-refused = { $who } отговори { $answer } на START { $size }, а не OK
eng-answered = { $who } отговори { $line } на { $command }
eng-not-started = { $who } не е стартиран
eng-exited = { $who } спря (код { $code })
eng-exited-saying = { $who } спря (код { $code }): { $said }
eng-silent = { $who } не отговори на { $command } за { NUMBER($seconds, minimumFractionDigits: 2) } с
eng-tournament-refused = турнир { $tournament } играе { $game } с { $params }: двигател на Gomocup играе само гомоку без дебют swap

# grundy pbrain: помощ
eng-pbrain-help = играе като двигател на Gomocup (протоколът Gomocup AI на stdin/stdout) за Piskvork и други мениджъри
eng-pbrain-about = Пуска двигателя за гомоку на grundy като двигател (brain) на Gomocup: чете протокола Gomocup AI (START, RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD, TAKEBACK, ABOUT, END) от stdin и отговаря на stdout.  Правила на гомоку (freestyle, standard, renju, caro) на дъски 15x15 и 19x19; на други размери — свободни правила, пет в редица.
eng-pbrain-help-level = ниво на бота: random, easy, medium, hard или max (по подразбиране max)
eng-pbrain-help-seed = начално число за случайните избори на бота (по подразбиране: ново)
# какво казва двигателят след UNKNOWN, ERROR и DEBUG на протокола (мениджърът го показва на потребителя си)
eng-brain-unknown = { $word } не е команда на този двигател
eng-brain-failed = сбой на двигателя: { $error }
eng-brain-size = неподдържан размер { $width }x{ $height }: дъски от 5 до 52 полета на страна
eng-brain-begin-not-empty = BEGIN на дъска, която не е празна
eng-brain-taken = { $cell } е заето
eng-brain-no-stone = на { $cell } няма камък, който да се вземе обратно
eng-brain-twice = BOARD назовава { $cell } два пъти
eng-brain-board-line = редът на BOARD { $line } не е от вида x,y,поле
eng-brain-board-field = полето на BOARD { $field } не е 1, 2 или 3
eng-brain-no-board = още няма дъска: първо изпратете START
eng-brain-off-board = { $cell } е извън дъската { $width }x{ $height }
eng-brain-rule-size = правилото { $rule } иска дъска 15x15 или 19x19; на { $width }x{ $height } се играе само по свободни правила (freestyle)
eng-brain-not-its-turn = свои камъни: { NUMBER($own) }, камъни на противника: { NUMBER($theirs) } — сега не може да е ход на двигателя
eng-brain-over = на тази дъска партията е свършила
eng-brain-not-a-number = { $what } { $value } не е число
# редът DEBUG преди всеки ход: нивото, как е намерен ходът (думите на решаващата програма), обемът на търсенето
eng-brain-note = { $level } { $how }, дълбочина { NUMBER($depth) }, { NUMBER($nodes) } { $nodes ->
        [one] възел
       *[other] възела
    }

# grundy solve: правилото и точното търсене не са съгласни (за такава грешка трябва да се съобщи)
eng-solve-internal = вътрешна грешка: правилото { $rule } казва { $said }, а точното търсене — { $searched }

# grundy admin: заглавията на таблиците (--json печата собствените ключове на възела)
eng-admin-head-node = ВЪЗЕЛ
eng-admin-head-address = АДРЕС
eng-admin-head-status = СЪСТОЯНИЕ
eng-admin-head-uptime = РАБОТИ ОТ
eng-admin-head-connections = ВРЪЗКИ
eng-admin-head-sessions = СЕСИИ
eng-admin-head-rooms-live = СТАИ ЖИВИ
eng-admin-head-rooms-ended = СТАИ ПРИКЛЮЧИЛИ
eng-admin-head-leases = НАЕМИ
eng-admin-head-room = СТАЯ
eng-admin-head-game = ИГРА
eng-admin-head-state = СЪСТОЯНИЕ
eng-admin-head-ply = ПОЛУХОД
eng-admin-head-seats = МЕСТА
eng-admin-head-watching = ЗРИТЕЛИ
eng-admin-head-created = СЪЗДАДЕНА (UTC)
eng-admin-head-player = ИГРАЧ
eng-admin-head-since = ОТ (UTC)
eng-admin-head-reason = ПРИЧИНА
eng-admin-no-answer = няма отговор
eng-admin-leases = стаи: { NUMBER($rooms) }, турнири: { NUMBER($tournaments) }
eng-admin-seat-free = (свободно)
eng-admin-seat-away = { $name } (не е на линия)
eng-admin-node-status = възел { $node }: { $status }
# grundy admin --help: примери
eng-admin-examples = примери (NODE е всеки възел: в режим на клъстер той отговаря за целия клъстер):
eng-admin-examples-end = По подразбиране — таблици за хора; --json печата JSON отговора на възела.  Вижте docs/OPERATIONS.md.
eng-admin-ex-secret = export { $env }=...
eng-admin-ex-secret-does = тайната на възлите (никога в командния ред)
eng-admin-ex-nodes = grundy admin nodes { $node }
eng-admin-ex-nodes-does = всеки възел: адресът му (за drain), стаи, връзки
eng-admin-ex-rooms = grundy admin rooms { $node } --player ann --state playing
eng-admin-ex-rooms-does = стаите, в които ann играе сега
eng-admin-ex-abort = grundy admin abort { $node } ROOM --reason "поддръжка на сървъра"
eng-admin-ex-abort-does = прекратява стая без резултат
eng-admin-ex-kick = grundy admin kick { $node } NAME --reason "заливане на чата"
eng-admin-ex-kick-does = затваря връзките на играч
eng-admin-ex-ban = grundy admin ban { $node } NAME --reason "нечестна игра"
eng-admin-ex-ban-does = блокира играч (unban NODE NAME снема блокировката; bans NODE — списък)
eng-admin-ex-drain = grundy admin drain { $node }
eng-admin-ex-drain-does = спира възел, като предава стаите му на други
