# Точні відмови вузла (say у повідомленні error, server/refusals.py). Введене ($name, $room, $text...) приходить
# уже в лапках; $game — назва гри, яку клієнт каже так, як її вивчають (game-<назва>); ключі на кшталт
# games_per_pairing — назви полів протоколу, їх не перекладаємо. Стать гравця не вгадуємо.

## Гравці, імена й сеанси
refuse-no-player = жоден гравець не зареєстрований під іменем { $name }
refuse-no-rated-game = { $name }: ще немає жодної рейтингової партії
refuse-versions = ви розмовляєте версіями протоколу { $offered }; цей сервер — { $supported }
refuse-has-session = це з'єднання вже має сеанс
refuse-bad-token = цей токен не відповідає жодному сеансу тут: привітайтеся знову (hello)
refuse-banned = ім'я { $name } заблоковано на цьому сервері: { $reason }
refuse-wrong-secrets = забагато неправильних секретів для { $name }; спробуйте ще раз через { NUMBER($s) } с
refuse-secret-no-player = жоден гравець не зареєстрований під іменем { $name } (привітайтеся без секрету, щоб грати як гість)
refuse-name-registered = { $name } — ім'я зареєстрованого гравця: привітайтеся з його секретом або оберіть інше ім'я
refuse-wrong-secret = це не секрет гравця { $name }
refuse-name-exists = ім'я { $name } уже зареєстроване (імена не повторюються незалежно від регістру літер): оберіть інше
refuse-rate = понад { NUMBER($n) } { $n ->
    [one] запит
    [few] запити
   *[other] запитів
} за секунду: пригальмуйте

## Кімнати й місця
refuse-no-room = кімнати { $room } немає
refuse-no-room-here = на цьому сервері немає кімнати { $room }
refuse-no-code = жодна кімната не має такого коду запрошення
refuse-room-or-code = укажіть ідентифікатор кімнати ('room') або її код запрошення ('code')
refuse-room-seats = місце { $seat }: у цій кімнаті місця 0..{ $last }
refuse-game-seats = місце { $seat }: у «{ $game }» місця 0..{ $last }
refuse-bot-seat = місце { $seat } — для бота
refuse-not-in-queue = ви не чекаєте на швидку гру
refuse-stopping-rooms = сервер зупиняється: нових кімнат не буде
refuse-server-rooms = на цьому сервері вже найбільша дозволена кількість незакінчених кімнат ({ NUMBER($n) }): спробуйте пізніше
refuse-your-rooms = у вас уже { NUMBER($n) } { $n ->
    [one] незакінчена кімната
    [few] незакінчені кімнати
   *[other] незакінчених кімнат
}: спершу закінчіть або покиньте одну
refuse-list-total = { $param }: «{ $game }» на сервері дозволяє суму щонайбільше { NUMBER($most) }
refuse-too-many-moves = «{ $game }» з цими параметрами: на початку { NUMBER($n) } { $n ->
    [one] можливий хід
    [few] можливі ходи
   *[other] можливих ходів
}; кімната на сервері дозволяє щонайбільше { NUMBER($most) }
refuse-room-taken-over = кімната { $room }: гра в ній триває, і її саме переймає інший вузол; надішліть ще раз
refuse-room-not-shown = кімнату { $room } не вдається показати: { $why }; її запис зберігся (get_record)
refuse-room-closed = кімната { $room }: гру закінчено, кімнату закрито: { $what ->
    [rematch] реваншу
   *[chat] чату
} вже не буде (нові ігри — у лобі)
refuse-still-playing = кімната { $room }: гра ще { $status ->
    [waiting] чекає на гравців
    [playing] триває
   *[other] не закінчена ({ $status })
}
refuse-record-format = формат { $format }: у кімнаті { $room } грали в «{ $game }»; цю партію можна записати як { $formats }

## Рейтингові партії
refuse-you-are-guest = { $name } — гість: зареєструйте ім'я (grundy register ІМ'Я) і привітайтеся з його секретом або грайте без рейтингу
refuse-rated-guest = { $name } — гість; рейтингова партія — лише для двох зареєстрованих гравців
refuse-rated-seats = «{ $game }» тут: { NUMBER($seats) } { $seats ->
    [one] місце
    [few] місця
   *[other] місць
}; у рейтинговій партії їх два
refuse-rated-bots = у рейтинговій партії щонайбільше одне місце для бота сервера

## Виклики
refuse-self-challenge = не можна викликати самого себе
refuse-self-elsewhere = { $name } — це ви на іншому пристрої: не можна викликати самого себе
refuse-no-session = немає гравця в мережі із сеансом { $session } (див. list_players)
refuse-challenges-waiting = у вас уже { NUMBER($n) } { $n ->
    [one] виклик чекає
    [few] виклики чекають
   *[other] викликів чекають
} на відповідь: дочекайтеся відповіді на один або покиньте його кімнату
refuse-no-challenge = кімната { $room }: немає виклику вам, що чекає на відповідь (на нього вже відповіли, його скасовано або час минув)
refuse-kept-seat = місце { $seat }: у цьому виклику для вас залишено місце { $kept }
refuse-seat-kept-for = місце { $seat } залишено для { $name }: зайняти його може лише цей гравець
refuse-seat-kept = місце { $seat } залишено для гравця, якого викликано: зайняти його може лише цей гравець

## Аналіз
refuse-analysis-kind = { $kind }: без кімнати аналізують лише позицію, дерево або іспит
refuse-analysis-game = game: назвіть гру для аналізу (або кімнату)
refuse-analysis-puzzle = puzzle: назвіть задачу (її id зі списку puzzles)
refuse-exam-keys = { $key }: іспит приймає { $keys }

## Параметри гри ($param у лапках; що він приймає — за $kind, як у server-allowed-*)

## Турніри: створення
refuse-stopping-tournaments = сервер зупиняється: нових турнірів не буде
refuse-t-unknown = турніру { $id } немає
refuse-t-too-many = у вас уже { NUMBER($n) } { $n ->
    [one] відкритий турнір
    [few] відкриті турніри
   *[other] відкритих турнірів
}: спершу розпочніть один
refuse-t-bot-level = bots[{ $i }]: рівень { $level } — не один із { $levels }
refuse-t-format = format: { $format } — не один із { $formats }
refuse-t-two-seats = game: турнір ({ $format ->
    [round-robin] колова система
    [swiss] швейцарська система
    [knockout] на вибування
    [gauntlet] один проти всіх
   *[other] { $format }
}) складає пари по двоє гравців на партію, а «{ $game }» з цими параметрами: { NUMBER($seats) } { $seats ->
    [one] місце
    [few] місця
   *[other] місць
} (турніри для трьох і більше гравців у партії не підтримуються)
refuse-t-setting = { $key }: { NUMBER($value) } не в межах { NUMBER($lo) }..{ NUMBER($hi) }
refuse-t-swiss-rounds = rounds: для швейцарської системи потрібна кількість турів від 1 до { NUMBER($most) }, а дано { $rounds }
refuse-t-rounds-swiss-only = rounds: кількість турів задають лише для швейцарської системи
refuse-t-double-robin-only = double: подвійною може бути лише колова система
refuse-t-challenger-gauntlet-only = challenger: претендент буває лише в турнірі «один проти всіх»
refuse-t-openings = openings: { NUMBER($n) } { $n ->
    [one] дебют
    [few] дебюти
   *[other] дебютів
}, а можна щонайбільше { NUMBER($most) }
refuse-t-openings-secret = openings: «{ $game }» щоразу має нове таємне розташування, тож дебют не можна перевірити наперед
refuse-t-opening-moves = openings[{ $i }]: { NUMBER($n) } { $n ->
    [one] хід
    [few] ходи
   *[other] ходів
}, а можна щонайбільше { NUMBER($most) }
refuse-t-opening-not-text = openings[{ $i }]: хід { $move } — не текст: { $text }
refuse-t-opening-over-before = openings[{ $i }]: гру закінчено ще до ходу { $move } { $text }
refuse-t-opening-illegal = openings[{ $i }]: хід { $move } { $text } неможливий: { $why }
refuse-t-opening-ends-at = openings[{ $i }]: дебют закінчує гру на ході { $move } { $text }: грати вже нічого
refuse-t-opening-ends = openings[{ $i }]: дебют закінчує гру: грати вже нічого

## Турніри: участь, вихід, початок, зупинка (турнір $id)
refuse-t-started = турнір { $id }: він уже почався
refuse-t-finished = турнір { $id }: його закінчено
refuse-t-kind = турнір { $id }: вид учасника { $kind } — не один із human, bot, hosted
refuse-t-full = турнір { $id }: у ньому вже { NUMBER($n) } { $n ->
    [one] учасник
    [few] учасники
   *[other] учасників
}
refuse-t-games = турнір { $id }: у ньому { NUMBER($n) } { $n ->
    [one] учасник
    [few] учасники
   *[other] учасників
}: ще один дав би понад { NUMBER($most) } партій
refuse-t-organiser-bots = турнір { $id }: ботів сервера додає лише організатор
refuse-t-level = турнір { $id }: рівень { $level } — не один із { $levels }
refuse-t-level-hosted-only = турнір { $id }: рівень задають лише для ботів сервера
refuse-t-no-name = турнір { $id }: учасникові потрібне ім'я
refuse-t-entered = турнір { $id }: цей сеанс уже записано
refuse-t-plays-another = турнір { $id }: цей сеанс грає за іншого учасника
refuse-t-not-entrant = турнір { $id }: { $who } не є учасником
refuse-t-organiser-withdraws = турнір { $id }: знімати інших учасників може лише організатор
refuse-t-organiser-starts = турнір { $id }: розпочати його може лише організатор
refuse-t-creator-stops = турнір { $id }: зупинити його може лише організатор
refuse-t-cannot-start-too-few = турнір { $id }: для формату { $format } потрібно щонайменше 2 учасники, а записано { NUMBER($entered) }
refuse-t-cannot-start-swiss-rounds = турнір { $id }: для { NUMBER($rounds) } турів за швейцарською системою без повторних пар потрібно більше учасників, ніж { NUMBER($entered) } (щонайбільше { NUMBER($most) } турів)
refuse-t-cannot-start-no-challenger = турнір { $id }: претендента { $challenger } немає серед учасників

## Вебсторінка вузла (прості текстові відповіді браузеру)
refuse-http-method = тут обслуговують лише GET і HEAD
refuse-http-long-path = шлях може мати щонайбільше { NUMBER($n) } символів
refuse-http-no-page = такої сторінки немає: гра — на /
refuse-http-no-file = у цьому встановленні немає файлу { $name }
