# Думите на grundy на български. Всяко съобщение го има в en/grundy.ftl със същите аргументи.
# Термини като в училищните материали: „печеливша стратегия“, „ним-сума“.

## Езици

lang-name = Български
lang-menu = Език
web-study-analysis = Дъска за анализ
web-study-analysis-about = всяка позиция от всяка игра, нейното дърво на играта
web-study-exam = Изпит
web-study-exam-about = играта с купчини от изпита: всяко S, задачи 19-21

say-unknown = (съобщение, което тази версия не познава)

## Игри

game-nim = Ним
game-subtraction = Игра с изваждане
game-stones = Купчини камъни
game-kayles = Кегли
game-coins = Монети
game-corner = Вкарай дамата в ъгъла
game-pawn = Пешки
game-pursuit = Гонитба
game-minesweeper = Миночистач
game-mnk = Игра m,n,k
game-tictactoe = Морски шах
game-gomoku = Гомоку

## Броене

moves-count = { $n ->
    [one] { NUMBER($n) } ход
   *[other] { NUMBER($n) } хода
}
seconds-count = { $n ->
    [one] { NUMBER($n) } секунда
   *[other] { NUMBER($n) } секунди
}
games-count = { $n ->
    [one] { NUMBER($n) } партия
   *[other] { NUMBER($n) } партии
}

## Команден ред

cli-error = грешка

## grundy solve

solve-over = играта е свършила
solve-to-move = на ход е място { $seat }
solve-win-at-most = печели най-много за { NUMBER($k) } { $k ->
    [one] ход
   *[other] хода
}{ $fours ->
    [yes] {" "}с непрекъснати четворки
   *[no] {""}
} (печели до своя ход { NUMBER($k) }, както и да играе противникът; по-бърза победа не е изключена)
solve-win-unsearched = печели (колко бързо не е търсено: позицията е твърде голяма за това)
solve-win-in = печели за { NUMBER($k) } { $k ->
    [one] ход
   *[other] хода
}{ $fours ->
    [yes] {" "}с непрекъснати четворки
   *[no] {""}
} (печели до своя ход { NUMBER($k) }, както и да играе противникът)
solve-loss-unsearched = губи (всеки ход губи срещу най-добрата игра; колко ще трае не е търсено)
solve-loss-in = губи за { NUMBER($k) } { $k ->
    [one] ход
   *[other] хода
} (противникът печели най-късно до своя ход { NUMBER($k) })
solve-loss-now = губи за 0 хода (всеки ход завършва играта със загуба)
solve-draw = реми
solve-value = оценка { $value }
solve-grundy = стойност на Гранди { NUMBER($g) }
solve-line = линия: { $moves }
solve-best = най-добри: { $moves }
solve-best-none = най-добри: никой не печели
solve-also = също печелят, но по-бавно: { $moves }
solve-also-heading = също печелят, но по-бавно:
solve-winning-moves = печеливши ходове:
solve-best-moves = най-добри ходове:
solve-main-line = основна линия: { $moves }
solve-evaluation = оценка: { $text }
solve-nim-sum = ним-сума
solve-size-grundy = размер { NUMBER($size) }, G = { NUMBER($g) }
solve-map = карта: { $what }
solve-map-json = карта: { $what } ({ NUMBER($cells) } клетки; в --json)
solve-stats = отговор: { NUMBER($nodes) } позиции за { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s
solve-stats-none = отговор: без точно търсене за { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s
solve-set-syntax = --set { $item }: пишете КЛЮЧ=СТОЙНОСТ, например --set heaps=3,4,5
solve-raise-time = { $error } (увеличете --time-limit)
solve-raise-limits = { $error } (увеличете --max-nodes / --time-limit)
solve-known-strategy = { $error } (увеличете --max-nodes / --time-limit); печеливша стратегия за място { $seat }: { $move }

## grundy exam (задачи 19-21)

exam-head = { $game }: код на всяко S (K: първият играч печели със своя K-и ход; -K: вторият играч печели най-късно със своя K-и ход)
exam-over = край
exam-none = няма
exam-task19 = 19: { $answer }   (най-малкото S: вторият играч може да спечели с първия си ход след лош първи ход)
exam-task20 = 20: { $answer }   (всички S: първият играч печели с втория си ход, но не с първия)
exam-task21 = 21: { $answer }   (най-малкото S: вторият играч печели с първия или втория си ход, но не сигурно с първия)

## Край на партията

end-resign = { $name } се предаде
end-flag = времето на { $name } изтече
end-disconnect = { $name } излезе и не се върна навреме
end-draw-agreed = реми по взаимно съгласие
end-aborted = партията е прекратена
end-rules-win = { $name } спечели
end-rules-draw = реми по правилата на играта
end-you-won = Вие спечелихте
end-you-lost = Вие загубихте
end-draw = Реми
end-won-by = { $name } спечели
end-game-aborted = Партията е прекратена
end-your-rating = Вашият рейтинг: { $before } → { $after } ({ $change })
end-their-rating = Рейтинг на { $name }: { $before } → { $after } ({ $change })
end-rating-pending = Партия с рейтинг: рейтингите се обновяват…
end-won-side-yours = Началната позиция е печеливша за вашата страна: победата ѝ се брои за рейтинга като реми.
end-won-side-theirs = Началната позиция е печеливша за страната на { $name }: победата ѝ се брои за рейтинга като реми.

## Откази

error-bad_frame = Сървърът не можа да прочете това съобщение.
error-bad_message = Сървърът не разбра тази заявка.
error-too_large = Съобщението е твърде голямо.
error-unsupported_version = Сървърът говори версии на протокола { $supported }; този клиент — { $offered }.
error-not_authenticated = Първо изберете име.
error-already_authenticated = Тази връзка вече има играч.
error-bad_token = Сесията е изтекла: поздравете отново.
error-rate_limited = Твърде много заявки наведнъж: по-бавно и опитайте пак.
error-unknown_game = Тук няма такава игра.
error-bad_params = Тези настройки на играта не стават.
error-too_many_rooms = Вече имате толкова незавършени партии, колкото е позволено.
error-unknown_room = Няма такава стая (или е частна).
error-room_full = В тази стая няма свободно място.
error-seat_taken = Това място е заето.
error-not_invited = Това място е за поканен играч: използвайте връзката на стаята.
error-already_seated = Вече имате място в тази стая.
error-not_in_queue = Не чакате за бърза игра.
error-not_a_player = Това могат само играчите; вие гледате.
error-not_started = Партията още не е започнала.
error-not_your_turn = Не сте на ход.
error-stale_ply = Ходът е направен в стара позиция; нищо не е изиграно.
error-illegal_move = Този ход не е позволен тук.
error-game_over = Партията е свършила.
error-not_finished = Партията още не е свършила.
error-draw_not_allowed = Тази игра не може да завърши реми.
error-no_draw_offer = Няма предложение за реми.
error-shutting_down = Сървърът спира: елате малко по-късно.
error-unknown_player = Няма такъв играч на линия.
error-no_challenge = Няма покана, на която да отговорите.
error-too_many_challenges = Вече имате толкова неотговорени покани, колкото е позволено.
error-self_challenge = Не можете да поканите сами себе си.
error-unknown_tournament = Няма такъв турнир.
error-tournament_not_open = Турнирът вече е започнал.
error-tournament_over = Турнирът е свършил.
error-tournament_full = Турнирът е пълен.
error-already_entered = Вече участвате в този турнир.
error-not_entered = Не участвате в този турнир.
error-not_organiser = Това може само създателят на турнира.
error-too_few_entrants = Турнирът има нужда от повече участници.
error-too_many_tournaments = Вече имате толкова отворени турнири, колкото е позволено.
error-name_taken = Това име е на регистриран играч: влезте с неговата тайна или изберете друго име.
error-bad_secret = Тази тайна не е на този играч.
error-not_registered = Партия с рейтинг е само за регистрирани играчи: регистрирайте име или играйте без рейтинг.
error-banned = Това име е забранено на този сървър.
error-unavailable = Сървърът наваксва; опитайте пак след миг.
error-internal = Сървърът не успя да изпълни тази заявка.
error-unanswered = Възелът, който води тази стая, не отговори; опитайте пак.

## Терминал, pygame, SDK

client-catching-up = сървърът наваксва (хранилището му е недостъпно за момент); изпратеното се изпраща отново, докато мине
client-caught-up = сървърът навакса за { NUMBER($seconds, maximumFractionDigits: 0) } s; играта продължава
client-not-done = { $what }: не е изпълнено, сървърът наваксва; опитайте пак след миг
client-move-not-stored = ходът ви { $move } не можа да се запази: сървърът не навакса навреме; изиграйте го пак

## Уеб страница: заглавие и име

web-tagline = Математически игри онлайн
web-choose-name = Изберете име, за да играете.
web-invited = Тази връзка отваря игра: изберете име, за да играете или гледате.
web-your-name = Вашето име
web-play = Играй
web-signin-other = Регистрирани на друго устройство? Влезте с тайната си
web-name = Име
web-secret = Тайна
web-sign-in = Вход
web-sound-on = ♪ Звук вкл.
web-sound-off = ♪ Звук изкл.

## Уеб страница: фоайе

web-new-game = Нова игра
web-game = Игра
web-clock = Часовник
web-untimed = без време
web-opponent = Противник
web-opponent-open = всеки (свободно място)
web-opponent-invite = приятел (връзка: мястото заема всеки, който я има)
web-opponent-bot = бот ({ $level })
web-rated = С рейтинг
web-create-room = Нова стая
web-quick-match = Бърза игра
web-waiting = Чакаме противник…
web-cancel = Отказ
web-account = Профил:
web-guest = гост
web-guest-why = Гостът няма рейтинг. Регистрирайте името си, за да пазите рейтинг и история: сървърът ви дава тайна, която този браузър пази за този сървър.
web-register = Регистрация
web-signin-secret = Вход с тайна (регистрирани на друго устройство)
web-my-page = Моята страница
web-copy-secret = Копирай тайната
web-sign-out = Изход
web-leaderboard = Класиране
web-refresh = Обнови
web-player = Играч
web-rating = Рейтинг ± 2·RD
web-games = Партии
web-board-empty = Още никой не е играл тази игра с рейтинг.
web-your-games = Вашите партии
web-people = Кой е на линия
web-kind = Вид
web-playing = Играе
web-where = Къде
web-ratings = Рейтинги
web-people-empty = Никой друг не е на линия.
web-tournaments = Турнири
web-t-all = всички
web-t-open = отворени
web-t-running = текущи
web-t-finished = завършени
web-new-tournament = Нов турнир
web-state = Състояние
web-format = Формат
web-entrants = Участници
web-round = Кръг
web-tournaments-empty = Още няма турнири: създайте първия.
web-open-rooms = Отворени стаи
web-players = Играчи
web-no-rooms = Няма отворени стаи: създайте своя.
web-join = Влез
web-watch = Гледай

## Уеб страница: стая

web-invite = Изпратете тази връзка на приятел:
web-copy = Копирай
web-rematch = Реванш
web-review = Разбор
web-close = Затвори
web-move = Ход
web-move-placeholder = или въведете ход
web-hint = Подсказка
web-offer-draw = Предложи реми
web-accept-draw = Приеми реми
web-decline = Откажи
web-resign = Предай се
web-leave = Излез
web-lobby = Фоайе
web-moves = Ходове
web-chat = Чат
web-say-something = напишете нещо
web-send = Изпрати
web-confirm-yes = Да
web-open-seat = (свободно място)
web-invite-seat = (място за поканен)
web-bot-seat = бот ({ $level })
web-your-turn = Вие сте на ход
web-their-turn = На ход е { $name }
web-waiting-players = Чакаме играчи
web-watching = Вие гледате
web-catching-up = сървърът наваксва (хранилището му е недостъпно за момент): ходовете ви се изпращат отново, докато се запазят
web-status-reconnecting = връзката прекъсна: свързваме се отново…
web-status-other-tab = тази игра е отворена в друг раздел: презаредете, за да играете тук
web-status-disconnected = без връзка: { $reason }
web-bot-option = бот: { $level }
web-bot = бот
web-seat = място { $seat }
web-open = Отвори
web-watching-short = гледате
web-your-move = вие сте на ход
web-room-waiting = чака
web-room-playing = тече
web-room-finished = завършена
web-room-aborted = прекратена
web-rated-suffix = с рейтинг
web-you-suffix = { $name } (вие)
web-away = отсъства
web-move-try = или въведете ход, за да опитате
web-withdraw-offer = Оттегли предложението
web-rematch-asked = Реванш (иска { $names })
web-stop-watching = Спри да гледаш
web-past-move = Ход { $ply } от { $plies } (← → стъпка)
web-back-to-game = Обратно към играта
web-waiting-for-players = чакаме играчи…
web-aborted-why = прекратена: { $reason }
web-to-move = на ход е { $name }
web-abort-in = играта се прекратява без първи ход след { $seconds } s
web-draw-offered-by = реми предлага { $names }
web-you-play = вие играете: { $mark }
web-you-are = вие сте { $mark }
web-reviewing = програмата разбира партията…
web-thinking = мисля…
web-sound-off-label = звукът е изключен (натиснете, за да го включите)
web-sound-on-label = звукът е включен (натиснете, за да го изключите)
web-link-copied = връзката е копирана
web-confirm-resign = Да се предадете в тази игра?
web-played = { $name } изигра { $move }.
web-played-hidden = { $name } направи скрит ход.
web-your-move-now = Вие сте на ход.
web-seconds-left = { $n ->
    [one] остава { $n } секунда
   *[other] остават { $n } секунди
}

## Терминал

tui-refused = отказ ({ $code }): { $message }
tui-and = { $first } и { $last }
tui-aborted = прекратена: { $reason }
tui-you-outcome = { $who } (вие: { $outcome })
tui-outcome-win = победа
tui-outcome-loss = загуба
tui-outcome-draw = реми
tui-your-move = вие сте на ход (полуход { $ply })
tui-to-move = на ход е { $name } (полуход { $ply })
tui-hint = подсказка: { $move }: { $why }
tui-chat-placeholder = F5: чат, Enter изпраща
tui-move-placeholder = ход, Enter (Esc: дъска)
tui-btn-hint = Подсказка
tui-btn-resign = Предай се
tui-btn-draw = Реми
tui-btn-accept-draw = Приеми реми
tui-btn-rematch = Реванш
tui-btn-review = Разбор
tui-btn-lobby = Фоайе
tui-key-create = стая
tui-key-new-tournament = турнир
tui-key-quick = бърза игра
tui-key-switch-tab = стаи/игри
tui-key-refresh = обнови
tui-key-join = влез
tui-key-open-tournament = отвори
tui-key-challenge = покана
tui-key-watch = гледай
tui-key-show-tab-tournaments-tab = турнири
tui-key-show-tab-players-tab = играчи
tui-key-show-tab-games-tab = партии
tui-key-games-page-minus1 = по-нови
tui-key-games-page-1 = по-стари
tui-key-cancel-queue = от опашката
tui-key-app-quit = изход
tui-key-hint = подсказка
tui-key-resign = предай се
tui-key-rematch = реванш
tui-key-chat = чат
tui-key-review = разбор
tui-key-lobby = фоайе
tui-key-draw = реми
tui-key-decline-draw = без реми
tui-key-analysis = анализ
tui-key-help = помощ
tui-key-desk = анализ
tui-key-puzzles = задачи
tui-key-switch-focus = дъска/въвеждане

## Прозорец pygame

gui-connecting = свързване...
gui-lobby = фоайе
gui-waiting = чакаме играчи
gui-you-win = Вие спечелихте
gui-you-loss = Вие загубихте
gui-you-draw = Реми
gui-wins = { $n ->
    [one] Спечели { $names }
   *[other] Спечелиха { $names }
}
gui-refused = отказ: { $message }
gui-no-answer = няма отговор: { $error }
gui-new-room-of = Нова стая: { $game }
gui-new-room = Нова стая
gui-create-room = Създай стая (Enter)
gui-no-rooms = още няма: създайте своя или изчакайте
gui-btn-hint = F2 Подсказка
gui-btn-draw = F8 Реми
gui-btn-accept = F8 Приеми
gui-btn-resign = F3 Предай се
gui-btn-rematch = F4 Реванш
gui-btn-review = F6 Разбор
gui-btn-lobby = F7 Фоайе
gui-btn-analysis = A Анализ

## Игри: какво представлява всяка

game-about-nim = Купчини предмети; на ход се взимат един или повече предмета от една купчина. Обикновена игра: който вземе последния предмет, печели; мизер: губи. Ним-сумата (XOR на купчините) показва кой печели.
game-about-subtraction = Една купчина; на ход се взима едно от позволените количества (по подразбиране 1 или 2), без да се слиза под целта. Който доведе купчината до целта (направи последния ход), печели, а с правилото last-loses — губи. Играта с кибритени клечки от сборника за изпита: n=5 take=1,2 goal=1 значи, че печели който остави точно една клечка.
game-about-stones = Изпитните игри с купчини камъни: една или повече купчини; на ход към една купчина по избор се прилага едно от позволените действия (добави k или умножи по k; в играта с намаляване — махни k или раздели на k). Играта свършва щом сборът на всички купчини стигне целта (>=77 при растене, <=19 при намаляване); който направи този ход, печели, а с правилото reach-loses — губи.
game-about-kayles = Редица кегли; на ход се събарят една кегла или две една до друга. Който събори последната кегла, печели (мизер: губи). Хвърляне в средата разделя редицата на две, така че играта е сбор от редици, решаван със стойностите на Гранди.
game-about-corner = Един цар, дама, топ или кон на дъска с ширина × височина полета, общ за всички играчи, се движи само към долния ляв ъгъл a1: царят с едно поле наляво, надолу или по диагонал наляво-надолу, дамата на произволно разстояние натам, топът на произволно разстояние наляво или надолу, конят с четирите скока, които го приближават до ъгъла. Който постави фигурата на a1 (конят: в ъгъла 2x2 a1-b2), печели; играч без позволен ход губи. Двама или трима играчи; някои полета може да са затворени. При двама играчи играта с царя е играта с белите и черните бобчета, с топа — ним с две купчини, с дамата — играта на Витхоф.
game-about-pawn = Пешка стои на a1 на квадратна дъска; Max (място 0) и Min (място 1) поред я местят с едно поле нагоре или надясно. Когато стигне диагонала от горния ляв до долния десен ъгъл, играта свършва и Min плаща на Max печалбата на това поле: Max иска повече, Min — по-малко. С печалби 1..8 на дъска 8x8 цената на играта е 5.
game-about-coins = Играчите поред слагат монети на правоъгълна маса; монетата покрива квадрата (2r+1) x (2r+1) полета около центъра си и не може нито да застъпва друга монета, нито да стърчи извън ръба. Който не може да сложи монета, губи. На маса с нечетни страни първият играч печели: слага монета в центъра и отговаря на всяка монета с огледалната ѝ.
game-about-mnk = Играта m,n,k: играчите поред слагат свой камък на празно поле на дъска m x n; първият, събрал k или повече свои камъка в ред, колона или диагонал, печели; пълна дъска е реми. Морският шах е 3,3,3 (реми при най-добра игра); при трима или четирима всеки трябва и да спира чуждите линии.
game-about-gomoku = Черните и белите поред слагат камъни на дъска 15x15 (или 19x19); пет в редица (ред, колона или диагонал) печелят. Правила: freestyle (пет или повече печелят), standard (точно пет), renju (черните трябва да направят точно пет и не могат да играят двойни тройки, двойни четворки и дълги редици; белите печелят с пет или повече) и caro (петица, затворена от противника от двата края, не печели). Откриванията swap и swap2 изравняват предимството на първия ход на черните: единият играч нарежда първите камъни, другият избира цвят (ходове 'black', 'white', а в swap2 и 'more' — да сложи още два камъка и да остави първия играч да избере).
game-about-pursuit = Том и Джери: един или двама преследвачи гонят беглец по мрежа; всяка фигура стъпва на едно от 8-те съседни полета, никога на затворено. Във всеки рунд първи се движат преследвачите, последен — беглецът. Преследвач, стъпил на беглеца (или беглец, стъпил на преследвач), свършва гонитбата: преследвачите печелят — заедно в коалиция или без нея само хваналият. Беглецът печели, ако остане свободен до границата от рундове. С evader_sees=false беглецът бяга сляпо: не вижда преследвачите.
game-about-minesweeper = Намерете мините в мрежата — сами или като дуел. Отворете поле (r e5), за да видите колко от съседите му са мини; нулата отваря цялата си област. Маркирайте поле с флаг (f a1): верният флаг носи точка и показва мината, грешният отваря полето. Мините се нареждат след първото отваряне, което винаги е безопасно. Отворена мина губи веднага; когато всички безопасни полета са отворени, печели повече точки (сами: вие печелите). В дуел играчите се редуват на всеки ход.
web-players-n = { $n ->
    [one] { $n } играч
   *[other] { $n } играчи
}
web-players-range = { $lo }-{ $hi } играчи
web-signed-in-as = влезли сте като { $name }
web-registered = регистриран
web-rated-why-guest = регистрирайте име (Профил), за да играете с рейтинг
web-rated-why-seats = партията с рейтинг е за две места; тази има { $seats }

## Обяснения на решаващата програма

ex-value-win = играчът на ход има печеливша стратегия: печели най-късно със своя ход № { $k }
ex-value-win_at_most = играчът на ход има печеливша стратегия: печели най-късно със своя ход № { $k } (по-бърза победа не е изключена)
ex-value-win_plain = играчът на ход има печеливша стратегия
ex-value-loss = всеки ход губи срещу най-добрата игра: противникът печели най-късно със своя ход № { $k }
ex-value-loss_now = всеки ход завършва играта със загуба
ex-value-loss_plain = всеки ход губи срещу най-добрата игра
ex-value-draw = никоя страна не може да си осигури победа
ex-value-score = при най-добра игра и от двете страни играчът на ход получава { $score }
ex-only = { $move } е единственият ход
ex-rec-wins_now = { $move } печели веднага
ex-rec-leaves_loss = { $move } оставя на противника загуба за { $k } { $k ->
    [one] ход
   *[other] хода
}
ex-rec-keeps_win = { $move } запазва победата
ex-rec-keeps_score = { $move } запазва оценката { $score }
ex-rec-holds_draw = { $move } задържа ремито
ex-rec-holds_out = { $move } издържа най-дълго: противникът има нужда от { $k } { $k ->
    [one] ход
   *[other] хода
}, за да спечели
ex-rec-holds_out_plain = { $move } издържа най-дълго
ex-rec-faster = { $move } печели по-бързо, за { $k } { $k ->
    [one] ход
   *[other] хода
}
ex-note-wins_now = печели веднага
ex-note-only = единственият ход
ex-note-only_loses_now = единственият ход и той завършва играта със загуба
ex-note-loses_now = завършва играта със загуба, както всеки ход
ex-note-leaves_loss = оставя на противника загуба за { $k } { $k ->
    [one] ход
   *[other] хода
}
ex-note-keeps_win = запазва победата
ex-note-keeps_score = запазва оценката { $score }
ex-note-holds_draw = задържа ремито
ex-note-holds_out = издържа най-дълго: противникът има нужда от { $k } { $k ->
    [one] ход
   *[other] хода
}, за да спечели
ex-note-holds_out_plain = издържа най-дълго
ex-note-slower = също печели, но за { $k } { $k ->
    [one] ход
   *[other] хода
} вместо за { $best }
ex-note-slower_plain = също печели, но по-бавно
ex-note-engine = изборът на машината
ex-grundy-whole_win = стойността ѝ на Гранди е { $g }, не 0: печели ход към позиция със стойност 0
ex-grundy-whole_loss = стойността ѝ на Гранди е 0: всеки ход води до ненулева стойност
ex-nim-sum = ним-сумата { $heaps } = { $nim_sum }
ex-nim-sum_one = една купчина: ним-сумата е нейният размер, { $nim_sum }
ex-nim-sum_many = ним-сумата на { $count } купчини е { $nim_sum }
ex-nim-move = вземете { $take } от купчина { $heap }, за да оставите ним-сума 0 ({ $size } XOR { $nim_sum } = { $to }): всеки отговор я прави отново ненулева
ex-nim-take_last = вземете всички { $take } от купчина { $heap }, последните предмети: който вземе последния предмет, печели
ex-nim-lost = всеки ход променя една купчина, значи променя бит от ним-сумата и я оставя ненулева, а противникът пак я прави 0
ex-nim-note = вземи { $take } от купчина { $heap }: { $size } става { $to }, ним-сума { $after }
ex-nim-note_slower = вземи { $take } от купчина { $heap }: { $size } става { $to }, ним-сума { $after }; също печели, но за { $k } { $k ->
    [one] ход
   *[other] хода
} вместо за { $best }
ex-nim-note_hold = издържа най-дълго (ним-сума { $after }): противникът има нужда от { $k } { $k ->
    [one] ход
   *[other] хода
}, за да спечели
ex-misere-big = мизер ним: в някоя купчина има 2 или повече, затова решава ним-сумата, както в обикновената игра: тя е { $nim_sum }
ex-misere-big_lost = всеки ход оставя ним-сумата ненулева или оставя четен брой единични предмети
ex-misere-move = вземете { $take } от купчина { $heap }, за да оставите ним-сума 0, докато остава купчина с 2 или повече
ex-misere-exception = вземете { $take } от купчина { $heap }, за да оставите { $ones } единични предмета, нечетен брой: тук важи изключението на мизера (ним-сума { $after }, не 0) и противникът взема последния
ex-misere-ones_odd = мизер ним: останаха само единични предмети ({ $ones }), нечетен брой: който е пред нечетен брой, взема последния и губи
ex-misere-ones_even = мизер ним: останаха само единични предмети ({ $ones }), четен брой: вземете един, за да остане нечетен брой, и противникът ще вземе последния
ex-misere-last = мизер ним: остава един предмет и който вземе последния, губи
ex-misere-note = вземи { $take } от купчина { $heap }: { $size } става { $to }, ним-сума 0
ex-misere-note_odd = вземи { $take } от купчина { $heap }: остават { $ones } единични предмета, нечетен брой (изключението на мизера: ним-сума { $after })
ex-kayles-rule = редица от n кегли има стойност на Гранди G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...)
ex-kayles-value = стойността на редицата G({ $pins }) = { $nim_sum }
ex-kayles-values = стойностите на редиците { $rows } = { $values } = { $nim_sum }
ex-kayles-values_many = ним-сумата на стойностите на { $count } редици е { $nim_sum }
ex-kayles-throw = хвърлете { $move } в редица { $row }, като оставите редици от { $leaves }, за да стане ним-сумата 0
ex-kayles-throw_last = хвърлете { $move } в редица { $row }: това събаря последните кегли
ex-kayles-throw_clear = хвърлете { $move } в редица { $row }, като я изчистите, за да стане ним-сумата 0
ex-kayles-note_clear = изчиства редица { $row }: ним-сума 0
ex-kayles-lost = всяко хвърляне променя стойността на една редица и оставя ненулева ним-сума
ex-kayles-note = в редица { $row } оставя редици от { $leaves }: ним-сума 0
ex-sub-period = над целта губещите размери под { $below } са { $lost }, а от { $start } нататък моделът се повтаря с период { $period }: размер n е губещ, когато n mod { $period } е { $residues }
ex-sub-period_won = над целта губещите размери под { $below } са { $lost }, а от { $start } нататък моделът се повтаря с период { $period }: оттам всеки размер е печеливш
ex-sub-won = купчината е с { $size } над целта, печеливш размер: вземете { $take }, за да оставите { $left }, губещ размер
ex-sub-won_ends = купчината е с { $size } над целта: вземете { $take }, за да оставите { $left }, където никое позволено количество не се побира над целта, така че това е последният ход и печели
ex-sub-lost = купчината е с { $size } над целта, губещ размер: всяко вземане оставя печеливш
ex-sub-note = оставя { $left } над целта, губещ размер
ex-sub-note_heap = оставя { $left } над целта ({ $heap } в купчината), губещ размер
ex-stones-reach_loses = който стигне целта, губи, затова играчът я избягва колкото може по-дълго
ex-stones-grundy_win = стойността на Гранди на позицията е { $g }: не 0, печели ход към стойност 0
ex-stones-grundy_loss = стойността на Гранди на позицията е 0: всеки ход води до стойност, различна от 0
ex-by-nim-sum = по ним-сумата
ex-by-misere-nim = по ним-сумата на мизера
ex-by-subtraction-period = по периода на губещите размери
ex-by-search = с точно търсене
ex-heap = купчина { $n }
ex-pins = кегли { $n }
ex-none = няма
ex-heap-above-goal = купчината над целта

# обяснения: изключението в мизер, машината, игрите в редица, ъгъл, пешка, гонитба, монети
ex-engine-plays = позицията е твърде голяма за точно решение; машината прегледа { $nodes } { $nodes ->
    [one] позиция
   *[other] позиции
} за { $seconds } с и играе { $move }
ex-eval-none = няма оценка; машината играе { $move }
ex-eval-wins = доколкото вижда машината, играчът на ход печели
ex-eval-wins_deep = доколкото вижда машината, играчът на ход печели (търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-eval-loses = доколкото вижда машината, противникът печели
ex-eval-loses_deep = доколкото вижда машината, противникът печели (търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-eval-wins_within = доколкото вижда машината, играчът на ход печели в рамките на { $plies } { $plies ->
    [one] полуход
   *[other] полухода
}
ex-eval-wins_within_deep = доколкото вижда машината, играчът на ход печели в рамките на { $plies } { $plies ->
    [one] полуход
   *[other] полухода
} (търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-eval-loses_within = доколкото вижда машината, противникът печели в рамките на { $plies } { $plies ->
    [one] полуход
   *[other] полухода
}
ex-eval-loses_within_deep = доколкото вижда машината, противникът печели в рамките на { $plies } { $plies ->
    [one] полуход
   *[other] полухода
} (търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-eval-even = равно
ex-eval-even_deep = равно (търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-eval-better = по-добре за играча на ход (оценка на машината { $score })
ex-eval-better_deep = по-добре за играча на ход (оценка на машината { $score }; търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-eval-worse = по-добре за противника (оценка на машината { $score })
ex-eval-worse_deep = по-добре за противника (оценка на машината { $score }; търсене на дълбочина { $depth } { $depth ->
    [one] полуход
   *[other] полухода
})
ex-lines-five = { $me }: петица с ход { $move }
ex-lines-fours = { $me }: печеливша стратегия с непрекъснати четворки за { $k } { $k ->
    [one] ход
   *[other] хода
}: всяка четворка оставя на противника ({ $him }) един отговор, а последната прави петица: { $line }
ex-lines-fours_at_most = { $me }: печеливша стратегия с непрекъснати четворки за най-много { $k } { $k ->
    [one] ход
   *[other] хода
}: всяка четворка оставя на противника ({ $him }) един отговор, а последната прави петица: { $line }
ex-lines-lost = { $him }: следващият ход прави петица на { $cells }; един камък не може да я спре
ex-lines-lost_any = { $him }: следващият ход прави петица на поле, което никой блок не покрива; един камък не може да я спре
ex-lines-threat_five = { $him }: заплаха за петица на { $move }
ex-lines-threat_fours = { $him }: заплаха за победа с непрекъснати четворки: { $line }
ex-lines-must_stop = { $me }: трябва да спре това; след { $moves } противникът ({ $him }) няма нито незабавна победа, нито победа с четворки
ex-lines-no_stop = нито един проверен ход не спира това със сигурност
ex-lines-engine_plays = машината играе { $move }
ex-lines-threes = { $me }: победа със заплахи (четворки и открити тройки) срещу обичайните защити: { $line }; не е доказано срещу всеки отговор
ex-lines-engine_none = нищо не е доказано (не е намерена нито незабавна победа, нито победа с непрекъснати четворки); машината избира { $move } и очаква { $line }
ex-lines-engine_colour = нищо не е доказано (тук се избира цвят; заплахите още нищо не доказват); машината избира { $move } и очаква { $line }
ex-lines-winning_line = печелившата редица: { $first }-{ $last }
ex-lines-note_five = започва петицата
ex-lines-note_fours = започва непрекъснатите четворки
ex-lines-note_stops_five = спира петицата на противника ({ $him })
ex-lines-note_stops_fours = спира непрекъснатите четворки на противника ({ $him })
ex-lines-note_threes = започва победа със заплахи
ex-misere-exception_one = вземете { $take } от купчина { $heap }, за да остане един предмет: тук важи изключението в мизер (ним-сума { $after }, не 0), и противникът трябва да го вземе
ex-misere-note_one = вземане на { $take } от купчина { $heap }: остава един предмет (изключението в мизер: ним-сума { $after })
ex-corner-at = { $cell } е ({ $x }, { $y }), броено от a1
ex-corner-king = едно поле е губещо за играча на ход точно когато и двете разстояния до a1 са четни
ex-corner-rook = топът е ним с две купчини { $x } и { $y }: ним-сума { $x } XOR { $y } = { $nim_sum }; губещите полета са диагоналът x = y
ex-corner-queen = губещите полета са двойките на Уитхоф (floor(k*phi), floor(k*phi^2)) и огледалните им; при разлика { $d } двойката е ({ $a }, { $b }), значи ({ $x }, { $y }) е от тях
ex-corner-queen_not = губещите полета са двойките на Уитхоф (floor(k*phi), floor(k*phi^2)) и огледалните им; при разлика { $d } двойката е ({ $a }, { $b }), значи ({ $x }, { $y }) не е от тях
ex-corner-pairs = двойките на тази дъска: { $pairs }
ex-corner-search = за тази фигура ({ $piece }) няма класическо правило: всяко поле е решено назад от a1 (полето е губещо, когато всеки ход от него води до печелившо)
ex-corner-search_blocked = със затворени полета няма класическо правило: всяко поле е решено назад от a1 (полето е губещо, когато всеки ход от него води до печелившо)
ex-corner-win = { $piece } на { $cell }: играчът на ход печели за { $k } { $k ->
    [one] ход
   *[other] хода
}; ход на { $move }, губещо поле
ex-corner-win_now = { $piece } на { $cell }: играчът на ход печели веднага; ход на { $move }, където играта свършва
ex-corner-loss = { $piece } на { $cell }: всеки ход оставя печелившо поле, играчът на ход губи за { $k } { $k ->
    [one] ход
   *[other] хода
}
ex-corner-note = ход на губещо поле (противникът губи за { $k } { $k ->
    [one] ход
   *[other] хода
}, стойност на Гранди { $g })
ex-corner-note_slower = ход на губещо поле (противникът губи за { $k } { $k ->
    [one] ход
   *[other] хода
}, стойност на Гранди { $g }); също печели, но за { $mine } вместо { $best }
ex-corner-note_hold = издържа най-дълго (противникът има там победа за { $k } { $k ->
    [one] ход
   *[other] хода
})
ex-pawn-rule = цената на едно поле е това, което Max получава оттам при най-добра игра: на диагонала изплащането му, другаде по-голямата от двете следващи цени, където играе Max (x + y четно), и по-малката, където играе Min
ex-pawn-max = Max е на ход на { $cell }, цена { $price }: { $move } я запазва (Max иска повече)
ex-pawn-min = Min е на ход на { $cell }, цена { $price }: { $move } я запазва (Min иска по-малко)
ex-pawn-note = цена { $price } (другото поле: { $other } { $other_price })
ex-pawn-note_only = единственият ход: цена { $price }
ex-pawn-note_same = цена { $price }
ex-pursuit-catch = време до залавянето (ретроградно по всички двойки полета, гонещият е на ход): гонещият хваща бягащия за { $t } { $t ->
    [one] рунд
   *[other] рунда
}
ex-pursuit-never = време до залавянето (ретроградно по всички двойки полета, гонещият е на ход): бягащият може да бяга вечно
ex-pursuit-within = време до залавянето (ретроградно по всички двойки полета, гонещият е на ход): където и да стъпи бягащият, ще бъде хванат до { $t } { $t ->
    [one] рунд
   *[other] рунда
}
ex-pursuit-escape = време до залавянето (ретроградно по всички двойки полета, гонещият е на ход): бягащият има стъпка, след която може да бяга вечно
ex-pursuit-left = остават рундове: { $left }, с този включително
ex-pursuit-left_after = след тази стъпка гонещият има още рундове: { $left }
ex-pursuit-note_after = рундове до залавянето след нея: { $t }
ex-pursuit-note_from = рундове до залавянето оттам: { $t }
ex-pursuit-note_never = оттам залавяне няма
ex-coins-centre = заемете центъра { $centre }; после отговаряйте на всяка монета с огледалния ѝ образ спрямо центъра: огледалното поле винаги е свободно, така че противникът пръв остава без място
ex-coins-mirror = центърът { $centre } е зает и монетите са симетрични спрямо него освен { $coin }: огледалният ѝ образ { $move } пак ги прави симетрични и винаги е свободен
ex-coins-lost = центърът { $centre } е зает и монетите са симетрични спрямо него: за всяка нова монета противникът има свободен огледален образ, така че той никога не остава пръв без място
ex-coins-note_centre = центърът: всяка следваща монета има свободен огледален образ
ex-coins-note_mirror = огледалният образ на { $coin } спрямо центъра
ex-coins-note_mirror_slower = огледалният образ на { $coin } спрямо центъра; също печели, но за { $k } вместо { $best }
ex-word-king = цар
ex-word-queen = дама
ex-word-rook = топ
ex-word-knight = кон
ex-word-black = черните
ex-word-white = белите
ex-word-first = първият
ex-word-second = вторият
ex-by-kayles = по стойностите на Гранди на редиците
ex-by-king-parity = по четността на царя
ex-by-rook-nim = по ним-сумата
ex-by-wythoff = по двойките на Уитхоф
ex-by-symmetry = по симетрия
ex-by-prices = по цените на полетата
ex-by-capture-times = по времето до залавянето
ex-by-fours = с непрекъснати четворки
ex-by-win-now = с незабавна победа
ex-by-five = с петица
ex-by-their-five = с петицата на противника
ex-by-their-fours = с непрекъснатите четворки на противника
ex-by-threat-search = с търсене на заплахи (четворки и тройки)
ex-by-engine = с търсенето на машината

# grundy show
show-as-form = --as { $given }: посочете номер на място 0..{ $last } или 'spectator'
show-as-range = --as { $given }: местата са 0..{ $last }
show-seat-outcome = място { $seat }: { $outcome }
show-scores = ; точки { $scores }
show-over = играта свърши: { $outcomes }{ $scores } ({ $reason })
show-to-move = на ход: място { $seat }
show-more = … (общо { $n })
show-legal = възможни ходове: { $moves }
# grundy tournament и match: грешки при употреба
tour-two-seats = { $game }: тук местата са { $seats }, а в турнира всяка партия е за двама
tour-two-players = посочете поне двама играчи (--player SPEC, повторено)
tour-max-players = най-много { $n } играчи
tour-swiss-rounds = --rounds { $rounds }: швейцарската система има от 1 до { $n } кръга
tour-robin-rounds = --rounds { $rounds }: всеки срещу всеки се играе веднъж (1) или два пъти с разменени цветове (2)
tour-no-rounds = --rounds: форматът { $format } има толкова кръгове, колкото са нужни на играчите му
tour-games = --games { $games }: от 1 до { $n }
tour-sprt-pairs = --sprt с пентаномиалния модел иска двойки партии: --games 2 или повече
tour-concurrency = --concurrency { $given }: от 1 до { $n }
tour-player-needs-server = player:NAME е някой, който вече е в мрежата: нужен е --server URL (на възела, пуснат тук, няма никого)
tour-pbrain-gomoku = pbrain: машина от Gomocup играе гомоку без откриване swap (--set opening=none)
tour-psq-gomoku = --format-out psq пази партии гомоку, не { $game }: използвайте pgn
tour-format-needs-out = --format-out иска --out PATH
tour-name-length = --name { $given }: заглавието има от 1 до 64 знака
tour-gauntlet-first = gauntlet: първият играч е претендентът, а бот на възела може да е претендент само срещу други ботове на възела: сложете първи машината, бота от SDK или играча

# страницата: записът на завършена партия, списъкът с ходове
web-record-open = Запис на партията
web-record-of = Запис на партия { $room }
web-record-download = Изтегляне { $format }
web-record-as-text = текст
web-record-download-title = записът във формат { $format } (docs/RECORDS.md)
web-move-hidden = (скрит)
web-move-show-after = покажи позицията след този ход

# страницата: кой е в мрежата, покани
web-link-theirs = Тази връзка е за { $name } (на всяко негово устройство); всеки друг, който я отвори, гледа играта:
web-link-anyone = Всеки с тази връзка може да заеме свободното място: изпратете я на приятел:
web-where-is = { $where ->
    [playing] играе
    [watching] гледа
    [idle] свободен
   *[other] { $where }
}
web-where-playing-games = играе { $n } { $n ->
    [one] партия
   *[other] партии
}
web-where-devices = { $where } · устройства: { $n }
web-player-page = страницата на { $name }
web-you = вие
web-kind-of = { $kind ->
    [bot] бот
    [player] играч
    [human] човек
   *[other] { $kind }
}
web-challenge = Покани
web-challenge-who = Покана за { $name }
web-rated-guest = партиите с рейтинг са за регистрирани играчи: вие играете като гост (регистрирайте името си в панела „Профил“)
web-rated-seats = { $game } с тези настройки има места: { $seats }; партия с рейтинг е за двама
web-challenge-refused = не може да поканите { $name }: { $why } ({ $code })
web-challenge-sent = поканихте { $name }: { $rated ->
    [yes] партия с рейтинг, { $game }
   *[no] { $game }
} ({ $clock })
web-challenge-waiting = { $words }: чака се отговор
web-withdraw = Оттегли
web-challenge-withdraw = Оттегли поканата за { $name }
web-challenge-withdrawn = оттеглихте поканата за { $name }
web-dismiss = Затвори
web-dismiss-why = Затвори това съобщение
web-challenge-received = { $bot ->
    [yes] { $name } (бот)
   *[no] { $name }
} ви кани: { $rated ->
    [yes] партия с рейтинг, { $game }
   *[no] { $game }
}, { $clock }.
web-challenge-gone = поканата от { $name } вече не важи (оттеглена или изтекла)
web-answer-refused = отговорът към { $name } е отказан: { $why } ({ $code })
web-accept = Приеми
web-challenge-accept = Приеми поканата от { $name }
web-challenge-decline = Откажи поканата от { $name }
web-challenge-stands = Важи още { $s } с.
web-challenge-lapsed = поканата от { $name } изтече: не беше отговорено навреме
web-challenge-answered-elsewhere = { $accepted ->
    [yes] покана към вас е приета на друго ваше устройство
   *[no] покана към вас е отказана на друго ваше устройство
}
web-challenge-declined = { $expired ->
    [yes] { $name } не отговори на поканата ви
   *[no] { $name } отказа поканата ви
}
web-challenge-ended = поканата ви за { $name } приключи: { $why }
web-their-challenge-answered-elsewhere = { $accepted ->
    [yes] поканата от { $name } е приета на друго ваше устройство
   *[no] поканата от { $name } е отказана на друго ваше устройство
}

# страницата: турнири
web-tstate = { $state ->
    [open] отворен
    [running] тече
    [finished] завършен
    [stopped] спрян
   *[other] { $state }
}
web-tstanding-round = { $state }, кръг { $round }
web-tformat = { $format ->
    [round-robin] всеки срещу всеки
    [swiss] швейцарска
    [knockout] с елиминации
    [gauntlet] един срещу всички
   *[other] { $format }
}
web-tentrants = { $n ->
    [one] { $n } участник
   *[other] { $n } участници
}
web-casual = без рейтинг
web-gstatus = { $status ->
    [bye] почива
    [pending] предстои
    [playing] тече
    [waiting] чака играчи
    [aborted] прекратена
    [finished] завършена
   *[other] { $status }
}
web-forfeit = служебно
web-tcannot-enter = не може да участвате: { $why }
web-tcannot-withdraw = не може да се оттеглите: { $why }
web-tcannot-start = не може да започне: { $why }
web-tcannot-create = турнирът не може да бъде създаден: { $why }
web-tcannot-show = турнирът не може да бъде показан: { $why }
web-topen = Отвори турнира { $name }
web-tbots = Ботове на възела, които участват
web-tbot = добави бот на възела ({ $level })
web-choose-game = изберете игра
web-not-whole = { $name }: { $given } не е цяло число от { $low } до { $high }
web-rounds = кръгове
web-gpp = партии на двойка
web-tcreated = { $name } е отворен за участие: запишете се, после го започнете
web-tentered = участвате
web-tdetails = { $details } · създаден от { $name }
web-withdrew = (оттеглил се)
web-tkind = { $kind ->
    [hosted] бот
    [bot] клиент-бот
    [human] човек
   *[other] { $kind }
}
web-against = { $name } срещу { $other }
web-round-n = кръг { $n }
web-bye = (почива)
web-tgame = кръг { $round }, дъска { $board }{ $game ->
    [0] {""}
   *[other] , партия { $game }
}: { $players }
web-your-tournaments = вашите турнири
web-tplaced = вашето място: { $rank } от { $n }
web-tline = Турнир { $name }: { $state }
web-standings = Класиране
web-standings-of = Класиране на { $name }
web-tdismiss = Махни реда за { $name }
web-twithdraw-ask = Да се оттеглите? Текущата ви партия се предава, а следващите се губят служебно.
web-twithdrawn = оттеглихте се: { $name }
web-tstarted = турнирът започна
web-tenter = Участвай
web-tstart = Започни
web-points = Точки
web-wdl = П-Р-З
web-tiebreak = Допълнителен показател
web-trating = Рейтинг
web-change-here = Промяна тук
web-crosstable = Кръстосана таблица
web-crosstable-about = Точките на играча от реда срещу играча от колоната от изиграните помежду им партии.
web-board = Дъска
web-result = Резултат
web-no-games-yet = Още няма партии: първият кръг се съставя, когато създателят започне турнира.
web-format-robin = всеки срещу всеки
web-format-swiss = швейцарска (двойки по точки)
web-format-knockout = с елиминации
web-format-gauntlet = един срещу всички (първият участник играе с всеки)
web-rounds-label = Кръгове
web-gpp-label = Партии на двойка
web-create = Създай
web-tended-all-played = всички кръгове са изиграни
web-tended-stopped = спрян от създателя
web-tended-stopped-early = спрян от създателя преди началото
web-tended-challenger = претендентът се оттегли
