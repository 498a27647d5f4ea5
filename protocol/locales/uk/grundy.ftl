# Слова grundy українською. Кожне повідомлення має відповідник в en/grundy.ftl з тими самими аргументами.
# Терміни як у шкільних матеріалах: «виграшна стратегія», «нім-сума», «гомоку».

## Мови

lang-name = Українська
lang-menu = Мова
web-study-analysis = Дошка аналізу
web-study-analysis-about = будь-яка позиція будь-якої гри, її дерево гри
web-study-exam = Іспит
web-study-exam-about = купкова гра з іспиту: кожне S, завдання 19-21

say-unknown = (повідомлення, якого ця версія не знає)

## Ігри

game-nim = Нім
game-subtraction = Гра з відніманням
game-stones = Купки каменів
game-kayles = Кеглі
game-coins = Монети
game-corner = Загнати ферзя в кут
game-pawn = Пішаки
game-pursuit = Переслідування
game-minesweeper = Сапер
game-mnk = Гра m,n,k
game-tictactoe = Хрестики-нулики
game-gomoku = Гомоку

## Лічба

moves-count = { $n ->
    [one] { NUMBER($n) } хід
    [few] { NUMBER($n) } ходи
   *[other] { NUMBER($n) } ходів
}
seconds-count = { $n ->
    [one] { NUMBER($n) } секунда
    [few] { NUMBER($n) } секунди
   *[other] { NUMBER($n) } секунд
}
games-count = { $n ->
    [one] { NUMBER($n) } гра
    [few] { NUMBER($n) } гри
   *[other] { NUMBER($n) } ігор
}

## Командний рядок

cli-error = помилка

## grundy solve

solve-over = гру закінчено
solve-to-move = ходить місце { $seat }
solve-win-at-most = виграш не більше ніж за { NUMBER($k) } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}{ $fours ->
    [yes] {" "}безперервними четвірками
   *[no] {""}
} (виграє не пізніше свого ходу { NUMBER($k) }, хоч би як грав суперник; швидший виграш не виключено)
solve-win-unsearched = виграш (наскільки швидкий — не шукали: позиція для цього завелика)
solve-win-in = виграш за { NUMBER($k) } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}{ $fours ->
    [yes] {" "}безперервними четвірками
   *[no] {""}
} (виграє не пізніше свого ходу { NUMBER($k) }, хоч би як грав суперник)
solve-loss-unsearched = програш (кожен хід програє при найкращій грі суперника; скільки це триватиме — не шукали)
solve-loss-in = програш за { NUMBER($k) } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
} (суперник виграє не пізніше свого ходу { NUMBER($k) })
solve-loss-now = програш за 0 ходів (кожен хід закінчує гру програшем)
solve-draw = нічия
solve-value = оцінка { $value }
solve-grundy = значення Ґранді { NUMBER($g) }
solve-line = лінія: { $moves }
solve-best = найкращі: { $moves }
solve-best-none = найкращі: жоден не виграє
solve-also = теж виграють, але повільніше: { $moves }
solve-also-heading = теж виграють, але повільніше:
solve-winning-moves = виграшні ходи:
solve-best-moves = найкращі ходи:
solve-main-line = головна лінія: { $moves }
solve-evaluation = оцінка: { $text }
solve-nim-sum = нім-сума
solve-size-grundy = розмір { NUMBER($size) }, G = { NUMBER($g) }
solve-map = карта: { $what }
solve-map-json = карта: { $what } ({ NUMBER($cells) } клітин; у --json)
solve-stats = відповідь: { NUMBER($nodes) } позицій за { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } с
solve-stats-none = відповідь: без точного пошуку за { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } с
solve-set-syntax = --set { $item }: пишіть КЛЮЧ=ЗНАЧЕННЯ, наприклад --set heaps=3,4,5
solve-raise-time = { $error } (збільште --time-limit)
solve-raise-limits = { $error } (збільште --max-nodes / --time-limit)
solve-known-strategy = { $error } (збільште --max-nodes / --time-limit); виграшна стратегія для місця { $seat }: { $move }

## grundy exam (завдання 19-21)

exam-head = { $game }: код кожного S (K: перший гравець виграє своїм K-м ходом; -K: другий гравець виграє не пізніше свого K-го ходу)
exam-over = кінець
exam-none = немає
exam-task19 = 19: { $answer }   (найменше S: другий гравець може виграти першим ходом після невдалого ходу першого)
exam-task20 = 20: { $answer }   (усі S: перший гравець виграє своїм другим ходом, але не першим)
exam-task21 = 21: { $answer }   (найменше S: другий гравець виграє першим або другим ходом, але не напевно першим)

## Кінець гри

end-resign = { $name }: партію здано
end-flag = у { $name } скінчився час
end-disconnect = { $name }: гравець вийшов і вчасно не повернувся
end-draw-agreed = нічия за згодою
end-aborted = гру скасовано
end-rules-win = перемога: { $name }
end-rules-draw = нічия за правилами гри
end-you-won = Ви виграли
end-you-lost = Ви програли
end-draw = Нічия
end-won-by = перемога: { $name }
end-game-aborted = Гру скасовано
end-your-rating = Ваш рейтинг: { $before } → { $after } ({ $change })
end-their-rating = Рейтинг { $name }: { $before } → { $after } ({ $change })
end-rating-pending = Рейтингова гра: рейтинги оновлюються…
end-won-side-yours = Початкова позиція виграшна для вашої сторони: її виграш рахується в рейтингу як нічия.
end-won-side-theirs = Початкова позиція виграшна для сторони { $name }: її виграш рахується в рейтингу як нічия.

## Відмови

error-bad_frame = Сервер не зміг прочитати це повідомлення.
error-bad_message = Сервер не зрозумів цей запит.
error-too_large = Повідомлення завелике.
error-unsupported_version = Сервер розмовляє версіями протоколу { $supported }; цей клієнт — { $offered }.
error-not_authenticated = Спершу оберіть ім'я.
error-already_authenticated = Це з'єднання вже має гравця.
error-bad_token = Сеанс застарів: привітайтеся знову.
error-rate_limited = Забагато запитів одразу: пригальмуйте й спробуйте ще раз.
error-unknown_game = Такої гри тут немає.
error-bad_params = Ці налаштування гри не підходять.
error-too_many_rooms = У вас уже стільки незакінчених ігор, скільки дозволено.
error-unknown_room = Такої кімнати немає (або вона закрита).
error-room_full = У цій кімнаті немає вільного місця.
error-seat_taken = Це місце вже зайняте.
error-not_invited = Це місце для запрошеного гравця: скористайтеся посиланням кімнати.
error-already_seated = Ви вже маєте місце в цій кімнаті.
error-not_in_queue = Ви не чекаєте на швидку гру.
error-not_a_player = Це можуть лише гравці; ви глядач.
error-not_started = Гра ще не почалася.
error-not_your_turn = Зараз не ваш хід.
error-stale_ply = Цей хід зроблено в старій позиції; нічого не зіграно.
error-illegal_move = Такий хід тут неможливий.
error-game_over = Гру закінчено.
error-not_finished = Гру ще не закінчено.
error-draw_not_allowed = Ця гра не може закінчитися нічиєю.
error-no_draw_offer = Немає пропозиції нічиєї.
error-shutting_down = Сервер зупиняється: поверніться трохи згодом.
error-unknown_player = Такого гравця немає в мережі.
error-no_challenge = Немає виклику, на який можна відповісти.
error-too_many_challenges = У вас уже стільки викликів без відповіді, скільки дозволено.
error-self_challenge = Не можна викликати самого себе.
error-unknown_tournament = Такого турніру немає.
error-tournament_not_open = Турнір уже почався.
error-tournament_over = Турнір закінчено.
error-tournament_full = У турнірі немає вільних місць.
error-already_entered = Ви вже зареєструвалися на цей турнір.
error-not_entered = Ви не зареєстровані на цей турнір.
error-not_organiser = Це може лише організатор турніру.
error-too_few_entrants = Для турніру потрібно більше учасників.
error-too_many_tournaments = У вас уже стільки відкритих турнірів, скільки дозволено.
error-name_taken = Це ім'я зареєстрованого гравця: увійдіть із його секретом або оберіть інше ім'я.
error-bad_secret = Це не секрет цього гравця.
error-not_registered = Рейтингова гра — лише для зареєстрованих гравців: зареєструйте ім'я або грайте без рейтингу.
error-banned = Це ім'я заблоковано на цьому сервері.
error-unavailable = Сервер надолужує; спробуйте ще раз за мить.
error-internal = Сервер не впорався з цим запитом.
error-unanswered = Вузол, що веде цю кімнату, не відповів; спробуйте ще раз.

## Термінал, pygame, SDK

client-catching-up = сервер надолужує (його сховище ненадовго недоступне); надіслане буде надсилатися знову, доки не вдасться
client-caught-up = сервер надолужив за { NUMBER($seconds, maximumFractionDigits: 0) } с; гра триває
client-not-done = { $what }: не виконано, сервер надолужує; спробуйте ще раз за мить
client-move-not-stored = ваш хід { $move } не вдалося зберегти: сервер не встиг надолужити; зіграйте його ще раз

## Вебсторінка: заголовок та ім'я

web-tagline = Математичні ігри онлайн
web-choose-name = Оберіть ім'я, щоб грати.
web-invited = Це посилання відкриває гру: оберіть ім'я, щоб грати або дивитися.
web-your-name = Ваше ім'я
web-play = Грати
web-signin-other = Зареєстровані на іншому пристрої? Увійдіть зі своїм секретом
web-name = Ім'я
web-secret = Секрет
web-sign-in = Увійти
web-sound-on = ♪ Звук увімк.
web-sound-off = ♪ Звук вимк.

## Вебсторінка: лобі

web-new-game = Нова гра
web-game = Гра
web-clock = Годинник
web-untimed = без часу
web-opponent = Суперник
web-opponent-open = будь-хто (вільне місце)
web-opponent-invite = друг (посилання: місце займе будь-хто, хто його має)
web-opponent-bot = бот ({ $level })
web-rated = Рейтингова
web-create-room = Створити кімнату
web-quick-match = Швидка гра
web-waiting = Чекаємо на суперника…
web-cancel = Скасувати
web-account = Обліковий запис:
web-guest = гість
web-guest-why = Гість не має рейтингу. Зареєструйте ім'я, щоб мати рейтинг та історію: сервер дасть вам секрет, який цей браузер збереже для цього сервера.
web-register = Зареєструватися
web-signin-secret = Увійти із секретом (зареєстровані на іншому пристрої)
web-my-page = Моя сторінка
web-copy-secret = Копіювати секрет
web-sign-out = Вийти
web-leaderboard = Рейтинг
web-refresh = Оновити
web-player = Гравець
web-rating = Рейтинг ± 2·RD
web-games = Ігри
web-board-empty = У цю гру ще ніхто не грав на рейтинг.
web-your-games = Ваші ігри
web-people = Хто в мережі
web-kind = Хто
web-playing = Грає
web-where = Де
web-ratings = Рейтинги
web-people-empty = Більше нікого в мережі немає.
web-tournaments = Турніри
web-t-all = усі
web-t-open = відкриті
web-t-running = тривають
web-t-finished = закінчені
web-new-tournament = Новий турнір
web-state = Стан
web-format = Формат
web-entrants = Учасники
web-round = Тур
web-tournaments-empty = Турнірів ще немає: створіть перший.
web-open-rooms = Відкриті кімнати
web-players = Гравці
web-no-rooms = Відкритих кімнат немає: створіть свою.
web-join = Приєднатися
web-watch = Дивитися

## Вебсторінка: кімната

web-invite = Надішліть це посилання другові:
web-copy = Копіювати
web-rematch = Реванш
web-review = Розбір
web-close = Закрити
web-move = Хід
web-move-placeholder = або введіть хід
web-hint = Підказка
web-offer-draw = Запропонувати нічию
web-accept-draw = Прийняти нічию
web-decline = Відхилити
web-resign = Здатися
web-leave = Вийти
web-lobby = Лобі
web-moves = Ходи
web-chat = Чат
web-say-something = напишіть щось
web-send = Надіслати
web-confirm-yes = Так
web-open-seat = (вільне місце)
web-invite-seat = (місце для запрошеного)
web-bot-seat = бот ({ $level })
web-your-turn = Ваш хід
web-their-turn = Ходить { $name }
web-waiting-players = Чекаємо на гравців
web-watching = Ви дивитеся
web-catching-up = сервер надолужує (його сховище ненадовго недоступне): ваші ходи надсилаються знову, доки їх не збережуть
web-status-reconnecting = з'єднання втрачено: під'єднуємося знову…
web-status-other-tab = ця гра відкрита в іншій вкладці: перезавантажте, щоб грати тут
web-status-disconnected = від'єднано: { $reason }
web-bot-option = бот: { $level }
web-bot = бот
web-seat = місце { $seat }
web-open = Відкрити
web-watching-short = дивитеся
web-your-move = ваш хід
web-room-waiting = чекає
web-room-playing = гра триває
web-room-finished = закінчена
web-room-aborted = скасована
web-rated-suffix = рейтингова
web-you-suffix = { $name } (ви)
web-away = немає
web-move-try = або введіть хід, щоб спробувати
web-withdraw-offer = Відкликати пропозицію
web-rematch-asked = Реванш (просить { $names })
web-stop-watching = Не дивитися
web-past-move = Хід { $ply } з { $plies } (← → крок)
web-back-to-game = Назад до гри
web-waiting-for-players = чекаємо на гравців…
web-aborted-why = скасовано: { $reason }
web-to-move = ходить { $name }
web-abort-in = гру скасують без першого ходу за { $seconds } с
web-draw-offered-by = нічию пропонує { $names }
web-you-play = ви граєте: { $mark }
web-you-are = ви — { $mark }
web-reviewing = розв'язувач розбирає гру…
web-thinking = думаю…
web-sound-off-label = звук вимкнено (натисніть, щоб увімкнути)
web-sound-on-label = звук увімкнено (натисніть, щоб вимкнути)
web-link-copied = посилання скопійовано
web-confirm-resign = Здатися в цій грі?
web-played = { $name } зіграв { $move }.
web-played-hidden = { $name } зробив прихований хід.
web-your-move-now = Ваш хід.
web-seconds-left = { $n ->
    [one] лишилася { $n } секунда
    [few] лишилося { $n } секунди
   *[other] лишилося { $n } секунд
}

## Термінал

tui-refused = відмова ({ $code }): { $message }
tui-and = { $first } і { $last }
tui-aborted = скасовано: { $reason }
tui-you-outcome = { $who } (ви: { $outcome })
tui-outcome-win = виграш
tui-outcome-loss = програш
tui-outcome-draw = нічия
tui-your-move = ваш хід (півхід { $ply })
tui-to-move = ходить { $name } (півхід { $ply })
tui-hint = підказка: { $move }: { $why }
tui-chat-placeholder = F5: чат, Enter надсилає
tui-move-placeholder = хід, Enter (Esc: дошка)
tui-btn-hint = Підказка
tui-btn-resign = Здатися
tui-btn-draw = Нічия
tui-btn-accept-draw = Прийняти нічию
tui-btn-rematch = Реванш
tui-btn-review = Розбір
tui-btn-lobby = Лобі
tui-key-create = кімната
tui-key-new-tournament = турнір
tui-key-quick = швидка гра
tui-key-switch-tab = кімнати/ігри
tui-key-refresh = оновити
tui-key-join = увійти
tui-key-open-tournament = відкрити
tui-key-challenge = виклик
tui-key-watch = дивитися
tui-key-show-tab-tournaments-tab = турніри
tui-key-show-tab-players-tab = гравці
tui-key-show-tab-games-tab = ігри
tui-key-games-page-minus1 = новіші
tui-key-games-page-1 = старіші
tui-key-cancel-queue = з черги
tui-key-app-quit = вихід
tui-key-hint = підказка
tui-key-resign = здатися
tui-key-rematch = реванш
tui-key-chat = чат
tui-key-review = розбір
tui-key-lobby = лобі
tui-key-draw = нічия
tui-key-decline-draw = без нічиєї
tui-key-analysis = аналіз
tui-key-help = довідка
tui-key-desk = аналіз
tui-key-puzzles = задачі
tui-key-switch-focus = дошка/ввід

## Вікно pygame

gui-connecting = з'єднання...
gui-lobby = лобі
gui-waiting = чекаємо на гравців
gui-you-win = Ви виграли
gui-you-loss = Ви програли
gui-you-draw = Нічия
gui-wins = { $n ->
    [one] Перемога: { $names }
   *[other] Перемога: { $names }
}
gui-refused = відмова: { $message }
gui-no-answer = немає відповіді: { $error }
gui-new-room-of = Нова кімната: { $game }
gui-new-room = Нова кімната
gui-create-room = Створити кімнату (Enter)
gui-no-rooms = ще немає: створіть свою або зачекайте
gui-btn-hint = F2 Підказка
gui-btn-draw = F8 Нічия
gui-btn-accept = F8 Прийняти
gui-btn-resign = F3 Здатися
gui-btn-rematch = F4 Реванш
gui-btn-review = F6 Розбір
gui-btn-lobby = F7 Лобі
gui-btn-analysis = A Аналіз

## Ігри: що це таке

game-about-nim = Купки предметів; за хід беруть один або кілька предметів з однієї купки. Звичайна гра: хто бере останній предмет, той виграє; мізер: той програє. Нім-сума (XOR розмірів купок) показує, хто виграє.
game-about-subtraction = Одна купка; за хід беруть одну з дозволених кількостей (типово 1 або 2), не опускаючись нижче цілі. Хто доведе купку до цілі (зробить останній хід), той виграє, а за правилом last-loses — програє. Гра із сірниками зі збірника до іспиту: n=5 take=1,2 goal=1 означає, що виграє той, хто залишить рівно один сірник.
game-about-stones = Іспитові ігри з купками каменів: одна або кілька купок; за хід до однієї купки на вибір застосовують одну з дозволених дій (додати k або помножити на k; у грі на зменшення — забрати k або поділити на k). Гра закінчується, щойно сума всіх купок досягає цілі (>=77 при зростанні, <=19 при зменшенні); хто зробив цей хід, той виграє, а за правилом reach-loses — програє.
game-about-kayles = Ряд кеглів; за хід збивають одну кеглю або дві, що стоять поруч. Хто зіб'є останню кеглю, той виграє (мізер: програє). Кидок усередину ділить ряд на два, тож гра — сума рядів, яку розв'язують значеннями Ґранді.
game-about-corner = Один король, ферзь, тура або кінь на дошці шириною × висотою клітинок, спільний для всіх гравців, ходить лише в бік лівого нижнього кута a1: король на клітинку вліво, вниз або по діагоналі вліво-вниз, ферзь на будь-яку відстань у ці боки, тура на будь-яку відстань уліво чи вниз, кінь чотирма стрибками, що наближають до кута. Хто поставить фігуру на a1 (кінь: у кут 2x2 a1-b2), той виграє; хто не має ходу, той програє. Двоє або троє гравців; деякі клітинки можуть бути закриті. Для двох гравців гра з королем — це гра з білими й чорними бобами, з турою — нім із двома купками, з ферзем — гра Вітгофа.
game-about-pawn = Пішак стоїть на a1 квадратної дошки; Max (місце 0) і Min (місце 1) по черзі пересувають його на одну клітинку вгору або вправо. Коли він досягає діагоналі з лівого верхнього в правий нижній кут, гра закінчується, і Min платить Max виграш цієї клітинки: Max хоче більше, Min — менше. З виграшами 1..8 на дошці 8x8 ціна гри дорівнює 5.
game-about-coins = Гравці по черзі кладуть монети на прямокутний стіл; монета закриває квадрат (2r+1) x (2r+1) клітинок довкола свого центру і не може ні накладатися на іншу монету, ні виступати за край. Хто не може покласти монету, той програє. На столі з непарними сторонами перший гравець виграє: кладе монету в центр і на кожну монету відповідає дзеркальною.
game-about-mnk = Гра m,n,k: гравці по черзі ставлять свій камінь на порожню клітинку дошки m x n; хто першим збере k або більше своїх каменів у рядку, стовпці чи по діагоналі, той виграє; заповнена дошка — нічия. Хрестики-нулики — це 3,3,3 (при найкращій грі нічия); утрьох чи вчотирьох кожен має ще й перекривати чужі лінії.
game-about-gomoku = Чорні й білі по черзі ставлять камені на дошку 15x15 (або 19x19); п'ять у ряд (рядок, стовпець чи діагональ) виграють. Правила: freestyle (п'ять або більше виграють), standard (рівно п'ять), renju (чорні мусять зібрати рівно п'ять і не можуть ставити подвійні трійки, подвійні четвірки чи довгі ряди; білі виграють п'ятьма або більше) і caro (п'ятірка, закрита суперником з обох кінців, не виграє). Дебюти swap і swap2 врівноважують перевагу першого ходу чорних: один гравець ставить перші камені, інший обирає колір (ходи 'black', 'white', а в swap2 ще 'more' — поставити ще два камені й дати першому гравцеві обрати).
game-about-pursuit = Том і Джеррі: один або два переслідувачі ганяються за втікачем на сітці; кожна фігура ступає на одну з 8 сусідніх клітинок, ніколи — на закриту. У кожному раунді першими ходять переслідувачі, останнім — втікач. Переслідувач, що ступив на втікача (або втікач, що ступив на переслідувача), закінчує погоню: переслідувачі виграють — разом у коаліції або без неї лише той, хто впіймав. Втікач виграє, якщо протримається до межі раундів. З evader_sees=false втікач біжить наосліп: переслідувачів йому не видно.
game-about-minesweeper = Знайдіть міни на сітці — самі або вдвох. Відкрийте клітинку (r e5), щоб побачити, скільки її сусідів — міни; нуль відкриває всю свою область. Позначте клітинку прапорцем (f a1): правильний прапорець дає очко й показує міну, хибний відкриває клітинку. Міни розкладаються після першого відкриття, тож воно завжди безпечне. Відкрита міна — одразу програш; коли всі безпечні клітинки відкрито, виграє той, у кого більше очок (сам: ви виграєте). У дуелі гравці ходять по черзі.
web-players-n = { $n ->
    [one] { $n } гравець
    [few] { $n } гравці
   *[other] { $n } гравців
}
web-players-range = { $lo }-{ $hi } гравців
web-signed-in-as = ви увійшли як { $name }
web-registered = зареєстрований
web-rated-why-guest = зареєструйте ім'я (Обліковий запис), щоб грати на рейтинг
web-rated-why-seats = у рейтинговій грі два місця; у цій — { $seats }

## Пояснення розв'язувача

ex-value-win = гравець, що ходить, виграє не пізніше свого ходу № { $k }
ex-value-win_at_most = гравець, що ходить, виграє не пізніше свого ходу № { $k } (швидший виграш не виключено)
ex-value-win_plain = у гравця, що ходить, є виграшна стратегія
ex-value-loss = кожен хід програє при найкращій грі: суперник виграє не пізніше свого ходу № { $k }
ex-value-loss_now = кожен хід закінчує гру програшем
ex-value-loss_plain = кожен хід програє при найкращій грі
ex-value-draw = жодна сторона не може примусово виграти
ex-value-score = при найкращій грі обох сторін гравець, що ходить, отримує { $score }
ex-only = { $move } — єдиний хід
ex-rec-wins_now = { $move } виграє одразу
ex-rec-leaves_loss = { $move } залишає супернику програш за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}
ex-rec-keeps_win = { $move } зберігає виграш
ex-rec-keeps_score = { $move } зберігає оцінку { $score }
ex-rec-holds_draw = { $move } тримає нічию
ex-rec-holds_out = { $move } тримається найдовше: супернику потрібно { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}, щоб виграти
ex-rec-holds_out_plain = { $move } тримається найдовше
ex-rec-faster = { $move } виграє швидше, за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}
ex-note-wins_now = виграє одразу
ex-note-only = єдиний хід
ex-note-only_loses_now = єдиний хід, і він закінчує гру програшем
ex-note-loses_now = закінчує гру програшем, як і кожен хід
ex-note-leaves_loss = залишає супернику програш за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}
ex-note-keeps_win = зберігає виграш
ex-note-keeps_score = зберігає оцінку { $score }
ex-note-holds_draw = тримає нічию
ex-note-holds_out = тримається найдовше: супернику потрібно { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}, щоб виграти
ex-note-holds_out_plain = тримається найдовше
ex-note-slower = теж виграє, але за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
} замість { $best }
ex-note-slower_plain = теж виграє, але повільніше
ex-note-engine = вибір рушія
ex-grundy-whole_win = її значення Ґранді { $g }, не 0: виграє хід у позицію зі значенням 0
ex-grundy-whole_loss = її значення Ґранді 0: кожен хід веде до ненульового значення
ex-nim-sum = нім-сума { $heaps } = { $nim_sum }
ex-nim-sum_one = одна купка: нім-сума дорівнює її розміру, { $nim_sum }
ex-nim-sum_many = нім-сума { $count } купок дорівнює { $nim_sum }
ex-nim-move = візьміть { $take } з купки { $heap }, щоб залишити нім-суму 0 ({ $size } XOR { $nim_sum } = { $to }): кожна відповідь знову робить її ненульовою
ex-nim-take_last = візьміть усі { $take } з купки { $heap }, останні предмети: хто бере останній предмет, той виграє
ex-nim-lost = кожен хід змінює одну купку, тож змінює біт нім-суми й залишає її ненульовою, а суперник знову робить її 0
ex-nim-note = взяти { $take } з купки { $heap }: { $size } стає { $to }, нім-сума { $after }
ex-nim-note_slower = взяти { $take } з купки { $heap }: { $size } стає { $to }, нім-сума { $after }; теж виграє, але за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
} замість { $best }
ex-nim-note_hold = тримається найдовше (нім-сума { $after }): супернику потрібно { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}, щоб виграти
ex-misere-big = мізер-нім: у якійсь купці 2 або більше, тож вирішує нім-сума, як у звичайній грі: вона дорівнює { $nim_sum }
ex-misere-big_lost = кожен хід залишає нім-суму ненульовою або залишає парну кількість одиничних предметів
ex-misere-move = візьміть { $take } з купки { $heap }, щоб залишити нім-суму 0, поки лишається купка з 2 або більше
ex-misere-exception = візьміть { $take } з купки { $heap }, щоб залишити { $ones } одиничних предметів, непарну кількість: тут діє виняток мізеру (нім-сума { $after }, не 0), і суперник бере останній
ex-misere-ones_odd = мізер-нім: лишилися тільки одиничні предмети ({ $ones }), непарна кількість: хто стоїть перед непарною кількістю, той бере останній і програє
ex-misere-ones_even = мізер-нім: лишилися тільки одиничні предмети ({ $ones }), парна кількість: візьміть один, щоб лишилася непарна, і суперник візьме останній
ex-misere-last = мізер-нім: лишився один предмет, і хто бере останній, той програє
ex-misere-note = взяти { $take } з купки { $heap }: { $size } стає { $to }, нім-сума 0
ex-misere-note_odd = взяти { $take } з купки { $heap }: лишається { $ones } одиничних предметів, непарна кількість (виняток мізеру: нім-сума { $after })
ex-kayles-rule = ряд із n кеглів має значення Ґранді G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...)
ex-kayles-value = значення ряду G({ $pins }) = { $nim_sum }
ex-kayles-values = значення рядів { $rows } = { $values } = { $nim_sum }
ex-kayles-values_many = нім-сума значень { $count } рядів дорівнює { $nim_sum }
ex-kayles-throw = киньте { $move } у ряд { $row }, лишивши ряди з { $leaves }, щоб нім-сума стала 0
ex-kayles-throw_last = киньте { $move } у ряд { $row }: це збиває останні кеглі
ex-kayles-throw_clear = киньте { $move } у ряд { $row }, очистивши його, щоб нім-сума стала 0
ex-kayles-note_clear = очищає ряд { $row }: нім-сума 0
ex-kayles-lost = кожен кидок змінює значення одного ряду й лишає ненульову нім-суму
ex-kayles-note = у ряді { $row } лишає ряди з { $leaves }: нім-сума 0
ex-sub-period = над ціллю програшні розміри нижче { $below }: { $lost }, а від { $start } візерунок повторюється з періодом { $period }: розмір n програшний, коли n mod { $period } дорівнює { $residues }
ex-sub-period_won = над ціллю програшні розміри нижче { $below }: { $lost }, а від { $start } візерунок повторюється з періодом { $period }: звідти кожен розмір виграшний
ex-sub-won = купка на { $size } вища за ціль, виграшний розмір: візьміть { $take }, щоб лишити { $left }, програшний розмір
ex-sub-won_ends = купка на { $size } вища за ціль: візьміть { $take }, щоб лишити { $left }, де жодна дозволена кількість не вміщається над ціллю, тож це останній хід і він виграє
ex-sub-lost = купка на { $size } вища за ціль, програшний розмір: кожне взяття лишає виграшний
ex-sub-note = лишає { $left } над ціллю, програшний розмір
ex-sub-note_heap = лишає { $left } над ціллю ({ $heap } у купці), програшний розмір
ex-stones-reach_loses = хто досягне цілі, той програє, тож гравець уникає її якомога довше
ex-stones-grundy_win = значення Ґранді позиції { $g }: не 0, виграє хід у значення 0
ex-stones-grundy_loss = значення Ґранді позиції 0: кожен хід веде до значення, відмінного від 0
ex-by-nim-sum = за нім-сумою
ex-by-misere-nim = за нім-сумою мізеру
ex-by-subtraction-period = за періодом програшних розмірів
ex-by-search = точним пошуком
ex-heap = купка { $n }
ex-pins = кеглі { $n }
ex-none = немає
ex-heap-above-goal = купка над ціллю

# пояснення: виняток мізеру, рушій, ігри в ряд, кут, пішак, погоня, монети
ex-engine-plays = позиція завелика для точного розв'язку; рушій переглянув { $nodes } { $nodes ->
    [one] позицію
    [few] позиції
   *[other] позицій
} за { $seconds } с і ходить { $move }
ex-eval-none = оцінки немає; рушій ходить { $move }
ex-eval-wins = наскільки бачить рушій, гравець, що ходить, виграє
ex-eval-wins_deep = наскільки бачить рушій, гравець, що ходить, виграє (пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-eval-loses = наскільки бачить рушій, виграє суперник
ex-eval-loses_deep = наскільки бачить рушій, виграє суперник (пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-eval-wins_within = наскільки бачить рушій, гравець, що ходить, виграє протягом { $plies } { $plies ->
    [one] півходу
   *[other] півходів
}
ex-eval-wins_within_deep = наскільки бачить рушій, гравець, що ходить, виграє протягом { $plies } { $plies ->
    [one] півходу
   *[other] півходів
} (пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-eval-loses_within = наскільки бачить рушій, суперник виграє протягом { $plies } { $plies ->
    [one] півходу
   *[other] півходів
}
ex-eval-loses_within_deep = наскільки бачить рушій, суперник виграє протягом { $plies } { $plies ->
    [one] півходу
   *[other] півходів
} (пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-eval-even = рівно
ex-eval-even_deep = рівно (пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-eval-better = краще для гравця, що ходить (оцінка рушія { $score })
ex-eval-better_deep = краще для гравця, що ходить (оцінка рушія { $score }; пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-eval-worse = краще для суперника (оцінка рушія { $score })
ex-eval-worse_deep = краще для суперника (оцінка рушія { $score }; пошук на глибину { $depth } { $depth ->
    [one] півхід
    [few] півходи
   *[other] півходів
})
ex-lines-five = { $me }: п'ятірка ходом { $move }
ex-lines-fours = { $me }: виграшна стратегія безперервними четвірками за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}: кожна четвірка лишає суперникові ({ $him }) одну відповідь, а остання робить п'ятірку: { $line }
ex-lines-fours_at_most = { $me }: виграшна стратегія безперервними четвірками щонайбільше за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}: кожна четвірка лишає суперникові ({ $him }) одну відповідь, а остання робить п'ятірку: { $line }
ex-lines-lost = { $him }: наступним ходом п'ятірка на { $cells }; один камінь цього не зупинить
ex-lines-lost_any = { $him }: наступним ходом п'ятірка на полі, яке не закриває жоден блок; один камінь цього не зупинить
ex-lines-threat_five = { $him }: загроза п'ятірки на { $move }
ex-lines-threat_fours = { $him }: загроза виграти безперервними четвірками: { $line }
ex-lines-must_stop = { $me }: треба це зупинити; після { $moves } у суперника ({ $him }) немає ні негайного виграшу, ні виграшу четвірками
ex-lines-no_stop = жоден перевірений хід не зупиняє цього напевно
ex-lines-engine_plays = рушій ходить { $move }
ex-lines-threes = { $me }: виграш загрозами (четвірки й відкриті трійки) проти звичайних захистів: { $line }; не доведено проти кожної відповіді
ex-lines-engine_none = нічого не доведено (ні негайного виграшу, ні виграшу безперервними четвірками не знайдено); вибір рушія — { $move }, очікується { $line }
ex-lines-engine_colour = нічого не доведено (тут обирають колір; загрози ще нічого не доводять); вибір рушія — { $move }, очікується { $line }
ex-lines-winning_line = виграшний ряд: { $first }-{ $last }
ex-lines-note_five = починає п'ятірку
ex-lines-note_fours = починає безперервні четвірки
ex-lines-note_stops_five = зупиняє п'ятірку суперника ({ $him })
ex-lines-note_stops_fours = зупиняє безперервні четвірки суперника ({ $him })
ex-lines-note_threes = починає виграш загрозами
ex-misere-exception_one = візьміть { $take } з купки { $heap }, щоб лишився один предмет: тут діє виняток мізеру (нім-сума { $after }, не 0), і суперник мусить його взяти
ex-misere-note_one = взяти { $take } з купки { $heap }: лишається один предмет (виняток мізеру: нім-сума { $after })
ex-corner-at = { $cell } — це ({ $x }, { $y }), якщо рахувати від a1
ex-corner-king = клітинка програшна для гравця, що ходить, тоді й лише тоді, коли обидві відстані до a1 парні
ex-corner-rook = тура — це нім із двох купок { $x } і { $y }: нім-сума { $x } XOR { $y } = { $nim_sum }; програшні клітинки — діагональ x = y
ex-corner-queen = програшні клітинки — пари Вітгофа (floor(k*phi), floor(k*phi^2)) та їхні дзеркальні; з різницею { $d } пара — ({ $a }, { $b }), тож ({ $x }, { $y }) — одна з них
ex-corner-queen_not = програшні клітинки — пари Вітгофа (floor(k*phi), floor(k*phi^2)) та їхні дзеркальні; з різницею { $d } пара — ({ $a }, { $b }), тож ({ $x }, { $y }) — не з них
ex-corner-pairs = пари на цій дошці: { $pairs }
ex-corner-search = для цієї фігури ({ $piece }) класичного правила немає: кожну клітинку розв'язано назад від a1 (клітинка програшна, коли кожен хід з неї веде у виграшну)
ex-corner-search_blocked = із закритими клітинками класичного правила немає: кожну клітинку розв'язано назад від a1 (клітинка програшна, коли кожен хід з неї веде у виграшну)
ex-corner-win = { $piece } на { $cell }: гравець, що ходить, виграє за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}; хід на { $move }, програшну клітинку
ex-corner-win_now = { $piece } на { $cell }: гравець, що ходить, виграє одразу; хід на { $move }, де гра закінчується
ex-corner-loss = { $piece } на { $cell }: кожен хід лишає виграшну клітинку, гравець, що ходить, програє за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}
ex-corner-note = хід на програшну клітинку (суперник програє за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}, значення Ґранді { $g })
ex-corner-note_slower = хід на програшну клітинку (суперник програє за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
}, значення Ґранді { $g }); теж виграє, але за { $mine } замість { $best }
ex-corner-note_hold = тримається найдовше (у суперника там виграш за { $k } { $k ->
    [one] хід
    [few] ходи
   *[other] ходів
})
ex-pawn-rule = ціна клітинки — те, що Max отримує звідти при найкращій грі: на діагоналі її виплата, деінде більша з двох наступних цін, де ходить Max (x + y парне), і менша, де ходить Min
ex-pawn-max = Max ходить на { $cell }, ціна { $price }: { $move } її зберігає (Max хоче більше)
ex-pawn-min = Min ходить на { $cell }, ціна { $price }: { $move } її зберігає (Min хоче менше)
ex-pawn-note = ціна { $price } (інша клітинка: { $other } { $other_price })
ex-pawn-note_only = єдиний хід: ціна { $price }
ex-pawn-note_same = ціна { $price }
ex-pursuit-catch = час до зловлення (ретроградний аналіз усіх пар клітинок, ходить переслідувач): переслідувач ловить утікача за { $t } { $t ->
    [one] раунд
    [few] раунди
   *[other] раундів
}
ex-pursuit-never = час до зловлення (ретроградний аналіз усіх пар клітинок, ходить переслідувач): утікач може тікати вічно
ex-pursuit-within = час до зловлення (ретроградний аналіз усіх пар клітинок, ходить переслідувач): хоч куди ступить утікач, його зловлять щонайбільше за { $t } { $t ->
    [one] раунд
    [few] раунди
   *[other] раундів
}
ex-pursuit-escape = час до зловлення (ретроградний аналіз усіх пар клітинок, ходить переслідувач): у втікача є крок, після якого він може тікати вічно
ex-pursuit-left = лишилося раундів: { $left }, разом із цим
ex-pursuit-left_after = після цього кроку в переслідувача ще раундів: { $left }
ex-pursuit-note_after = раундів до зловлення після нього: { $t }
ex-pursuit-note_from = раундів до зловлення звідти: { $t }
ex-pursuit-note_never = звідти зловлення не буде
ex-coins-centre = займіть центр { $centre }; далі відповідайте на кожну монету її дзеркальним відображенням відносно центру: дзеркальна клітинка завжди вільна, тож місце першим закінчиться в суперника
ex-coins-mirror = центр { $centre } зайнятий, і монети симетричні відносно нього, крім { $coin }: її відображення { $move } знову робить їх симетричними й завжди вільне
ex-coins-lost = центр { $centre } зайнятий, і монети симетричні відносно нього: для кожної нової монети в суперника є вільне відображення, тож місце в нього ніколи не закінчиться першим
ex-coins-note_centre = центр: у кожної наступної монети є вільне відображення
ex-coins-note_mirror = відображення { $coin } відносно центру
ex-coins-note_mirror_slower = відображення { $coin } відносно центру; теж виграє, але за { $k } замість { $best }
ex-word-king = король
ex-word-queen = ферзь
ex-word-rook = тура
ex-word-knight = кінь
ex-word-black = чорні
ex-word-white = білі
ex-word-first = перший
ex-word-second = другий
ex-by-kayles = за значеннями Ґранді рядів
ex-by-king-parity = за парністю короля
ex-by-rook-nim = за нім-сумою
ex-by-wythoff = за парами Вітгофа
ex-by-symmetry = за симетрією
ex-by-prices = за цінами клітинок
ex-by-capture-times = за часом до зловлення
ex-by-fours = безперервними четвірками
ex-by-win-now = негайним виграшем
ex-by-five = п'ятіркою
ex-by-their-five = п'ятіркою суперника
ex-by-their-fours = безперервними четвірками суперника
ex-by-threat-search = пошуком загроз (четвірки й трійки)
ex-by-engine = пошуком рушія

# grundy show
show-as-form = --as { $given }: вкажіть номер місця 0..{ $last } або 'spectator'
show-as-range = --as { $given }: місця 0..{ $last }
show-seat-outcome = місце { $seat }: { $outcome }
show-scores = ; очки { $scores }
show-over = гру закінчено: { $outcomes }{ $scores } ({ $reason })
show-to-move = ходить: місце { $seat }
show-more = … (усього { $n })
show-legal = можливі ходи: { $moves }
# grundy tournament і match: помилки використання
tour-two-seats = { $game }: тут місць { $seats }, а в турнірі в кожній партії двоє гравців
tour-two-players = вкажіть щонайменше двох гравців (--player SPEC, кілька разів)
tour-max-players = щонайбільше { $n } гравців
tour-swiss-rounds = --rounds { $rounds }: у швейцарській системі від 1 до { $n } турів
tour-robin-rounds = --rounds { $rounds }: коло грають один раз (1) або двічі зі зміною кольорів (2)
tour-no-rounds = --rounds: у форматі { $format } стільки турів, скільки потрібно його гравцям
tour-games = --games { $games }: від 1 до { $n }
tour-sprt-pairs = --sprt з пентаноміальною моделлю потребує пар партій: --games 2 або більше
tour-concurrency = --concurrency { $given }: від 1 до { $n }
tour-player-needs-server = player:NAME — це хтось, хто вже в мережі: потрібен --server URL (на вузлі, запущеному тут, нікого немає)
tour-pbrain-gomoku = pbrain: рушій Gomocup грає гомоку без дебюту swap (--set opening=none)
tour-psq-gomoku = --format-out psq зберігає партії гомоку, а не { $game }: використайте pgn
tour-format-needs-out = --format-out потребує --out PATH
tour-name-length = --name { $given }: назва має від 1 до 64 символів
tour-gauntlet-first = gauntlet: перший гравець — претендент, а бот вузла може бути претендентом лише проти інших ботів вузла: поставте першим рушій, бота SDK або гравця

# сторінка: запис закінченої партії, список ходів
web-record-open = Запис партії
web-record-of = Запис партії { $room }
web-record-download = Завантажити { $format }
web-record-as-text = текст
web-record-download-title = запис у форматі { $format } (docs/RECORDS.md)
web-move-hidden = (приховано)
web-move-show-after = показати позицію після цього ходу

# сторінка: хто в мережі, виклики
web-link-theirs = Це посилання для { $name } (на будь-якому пристрої); хто ще його відкриє, той дивитиметься гру:
web-link-anyone = Будь-хто з цим посиланням може зайняти вільне місце: надішліть його другові:
web-where-is = { $where ->
    [playing] грає
    [watching] дивиться
    [idle] вільний
   *[other] { $where }
}
web-where-playing-games = грає { $n } { $n ->
    [one] партію
    [few] партії
   *[other] партій
}
web-where-devices = { $where } · пристроїв: { $n }
web-player-page = сторінка гравця { $name }
web-you = ви
web-kind-of = { $kind ->
    [bot] бот
    [player] гравець
    [human] людина
   *[other] { $kind }
}
web-challenge = Викликати
web-challenge-who = Виклик: { $name }
web-rated-guest = рейтингові партії — для зареєстрованих гравців: ви граєте як гість (зареєструйте ім'я на панелі «Обліковий запис»)
web-rated-seats = { $game } з цими налаштуваннями має місць: { $seats }; у рейтинговій партії їх два
web-challenge-refused = не вдалося викликати { $name }: { $why } ({ $code })
web-challenge-sent = ви викликали { $name }: { $rated ->
    [yes] рейтингова партія, { $game }
   *[no] { $game }
} ({ $clock })
web-challenge-waiting = { $words }: чекаємо на відповідь
web-withdraw = Скасувати
web-challenge-withdraw = Скасувати виклик для { $name }
web-challenge-withdrawn = ви скасували виклик для { $name }
web-dismiss = Закрити
web-dismiss-why = Закрити це повідомлення
web-challenge-received = { $bot ->
    [yes] { $name } (бот)
   *[no] { $name }
} викликає вас: { $rated ->
    [yes] рейтингова партія, { $game }
   *[no] { $game }
}, { $clock }.
web-challenge-gone = виклик від { $name } уже не діє (скасований або прострочений)
web-answer-refused = відповідь для { $name } відхилено: { $why } ({ $code })
web-accept = Прийняти
web-challenge-accept = Прийняти виклик від { $name }
web-challenge-decline = Відхилити виклик від { $name }
web-challenge-stands = Діє ще { $s } с.
web-challenge-lapsed = виклик від { $name } минув: на нього не відповіли вчасно
web-challenge-answered-elsewhere = { $accepted ->
    [yes] виклик вам прийнято на іншому вашому пристрої
   *[no] виклик вам відхилено на іншому вашому пристрої
}
web-challenge-declined = { $expired ->
    [yes] { $name }: відповіді на ваш виклик не надійшло
   *[no] { $name }: ваш виклик відхилено
}
web-challenge-ended = ваш виклик для { $name } завершився: { $why }
web-their-challenge-answered-elsewhere = { $accepted ->
    [yes] виклик від { $name } прийнято на іншому вашому пристрої
   *[no] виклик від { $name } відхилено на іншому вашому пристрої
}

# сторінка: турніри
web-tstate = { $state ->
    [open] відкритий
    [running] триває
    [finished] завершений
    [stopped] зупинений
   *[other] { $state }
}
web-tstanding-round = { $state }, тур { $round }
web-tformat = { $format ->
    [round-robin] колова
    [swiss] швейцарська
    [knockout] на вибування
    [gauntlet] один проти всіх
   *[other] { $format }
}
web-tentrants = { $n ->
    [one] { $n } учасник
    [few] { $n } учасники
   *[other] { $n } учасників
}
web-casual = без рейтингу
web-gstatus = { $status ->
    [bye] без пари
    [pending] чекає
    [playing] триває
    [waiting] чекає гравців
    [aborted] скасована
    [finished] завершена
   *[other] { $status }
}
web-forfeit = неявка
web-tcannot-enter = не вдалося взяти участь: { $why }
web-tcannot-withdraw = не вдалося вийти: { $why }
web-tcannot-start = не вдалося почати: { $why }
web-tcannot-create = не вдалося створити турнір: { $why }
web-tcannot-show = не вдалося показати турнір: { $why }
web-topen = Відкрити турнір { $name }
web-tbots = Боти вузла, що беруть участь
web-tbot = додати бота вузла ({ $level })
web-choose-game = виберіть гру
web-not-whole = { $name }: { $given } — не ціле число від { $low } до { $high }
web-rounds = тури
web-gpp = партій на пару
web-tcreated = { $name } відкритий для участі: запишіться, потім почніть його
web-tentered = ви берете участь
web-tdetails = { $details } · створив { $name }
web-withdrew = (вийшов)
web-tkind = { $kind ->
    [hosted] бот
    [bot] клієнт-бот
    [human] людина
   *[other] { $kind }
}
web-against = { $name } проти { $other }
web-round-n = тур { $n }
web-bye = (без пари)
web-tgame = тур { $round }, дошка { $board }{ $game ->
    [0] {""}
   *[other] , партія { $game }
}: { $players }
web-your-tournaments = ваші турніри
web-tplaced = ваше місце: { $rank } з { $n }
web-tline = Турнір { $name }: { $state }
web-standings = Таблиця
web-standings-of = Таблиця турніру { $name }
web-tdismiss = Прибрати рядок про { $name }
web-twithdraw-ask = Вийти? Поточну партію буде здано, а наступні зараховано як програні через неявку.
web-twithdrawn = ви вийшли: { $name }
web-tstarted = турнір почався
web-tenter = Взяти участь
web-tstart = Почати
web-points = Очки
web-wdl = В-Н-П
web-tiebreak = Додатковий показник
web-trating = Рейтинг
web-change-here = Зміна тут
web-crosstable = Турнірна таблиця
web-crosstable-about = Очки гравця рядка проти гравця стовпця із зіграних між ними партій.
web-board = Дошка
web-result = Результат
web-no-games-yet = Партій ще немає: перший тур складають, коли творець починає турнір.
web-format-robin = колова (кожен грає з кожним)
web-format-swiss = швейцарська (пари за очками)
web-format-knockout = на вибування
web-format-gauntlet = один проти всіх (перший учасник грає з кожним)
web-rounds-label = Тури
web-gpp-label = Партій на пару
web-create = Створити
web-tended-all-played = усі тури зіграно
web-tended-stopped = зупинив творець
web-tended-stopped-early = зупинив творець до початку
web-tended-challenger = претендент вийшов
